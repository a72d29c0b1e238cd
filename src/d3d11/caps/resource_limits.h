// Resource limits per feature level, from the documented D3D11 tables (d3d11.h constants for
// 10_0 and up, d3dcommon.h's D3D_FL9_* constants for 9_x). Creation and binding methods check
// against these to reject with E_INVALIDARG what the device's level does not allow.
#pragma once

#include <cstdint>

#include "util/windows_base.h"

namespace d3d11vk::caps {

struct ResourceLimits {
  UINT maxTexture1DWidth;
  UINT maxTexture2DSize;          // width and height
  UINT maxTexture3DSize;          // each axis
  UINT maxTextureCubeSize;
  UINT maxTexture1DArraySize;
  UINT maxTexture2DArraySize;     // 1 at 9_x: no texture arrays there
  UINT maxTextureRepeat;
  UINT maxAnisotropy;
  uint64_t maxPrimitivesPerDraw;
  uint64_t maxIndexValue;
  bool indexedPointLists;         // not at 9_x
  bool uint32Indices;             // R32_UINT index buffers (not at 9_1)
  UINT maxRenderTargets;
  UINT maxViewports;
  UINT maxVertexBufferSlots;
  UINT constantBufferSlots;       // API slots per stage (the 15th register is the immediate buffer)
  UINT maxConstantsPerBuffer;     // 16-byte constants
  UINT shaderResourceSlots;
  UINT samplerSlots;
  UINT uavSlots;                  // graphics and compute (0: no UAVs; 1: cs_4_x only)
  bool computeShaders;
  bool geometryShaders;
  bool tessellation;
  uint64_t maxBufferTexels;       // elements of a typed buffer view
  UINT maxStructureByteStride;
  uint64_t maxResourceBytes;      // the fixed floor (128 MB); resourceSizeLimit gives the level's rule
};

// The limits of a level (a level d3d11vk does not know gives 11_0's).
const ResourceLimits& resourceLimits(D3D_FEATURE_LEVEL level);

// The largest resource (a buffer's ByteWidth, a texture's bytes over all subresources) the level
// guarantees, from the adapter's DedicatedVideoMemory as IDXGIAdapter::GetDesc reports it: for 11_0
// and up min(max(128 MB, 0.25 x video memory), 2048 MB) (D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_
// EXPRESSION_A/B/C_TERM); 10_x and 9_x keep the fixed 128 MB of their own constants.
uint64_t resourceSizeLimit(D3D_FEATURE_LEVEL level, uint64_t dedicatedVideoMemory);

}  // namespace d3d11vk::caps
