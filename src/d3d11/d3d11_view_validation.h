// View description validation: the documented rules of D3D11_SHADER_RESOURCE_VIEW_DESC1,
// D3D11_RENDER_TARGET_VIEW_DESC1, D3D11_DEPTH_STENCIL_VIEW_DESC and
// D3D11_UNORDERED_ACCESS_VIEW_DESC1 against the viewed resource, the default description a null
// one stands for, and the normalised range (ViewRange) the Vulkan view is built from.
#pragma once

#include <string>

#include "d3d11/d3d11_resource_validation.h"
#include "util/windows_base.h"

namespace vk {
struct DeviceProfile;
}

namespace d3d11vk {

// What a view needs to know about its resource: the texture description (mip count resolved)
// or the buffer description.
struct ViewedResource {
  D3D11_RESOURCE_DIMENSION dimension = D3D11_RESOURCE_DIMENSION_UNKNOWN;
  TextureDesc texture;
  D3D11_BUFFER_DESC buffer{};
  // The device the resource belongs to (format support of buffer render-target views); null
  // where no device is at hand (those checks are then skipped).
  const vk::DeviceProfile* profile = nullptr;
};

// The shapes every view kind's dimension maps to.
enum class ViewShape { Buffer, Tex1D, Tex1DArray, Tex2D, Tex2DArray, Tex2DMS, Tex2DMSArray, Tex3D, Cube, CubeArray };

// A validated view, kind-independent: a texture subresource range or a buffer element range.
struct ViewRange {
  ViewShape shape = ViewShape::Tex2D;
  DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN;   // the view's format (UNKNOWN for structured buffers)
  UINT firstMip = 0, mipCount = 1;
  UINT firstLayer = 0, layerCount = 1;        // for 3D render-target/UAV views: depth slices
  UINT64 firstByte = 0, byteCount = 0;        // buffer views
  bool typedBuffer = false;                   // a typed buffer view (a Vulkan texel buffer view)
  bool bufferTarget = false;                  // a render-target view of a buffer (a shadow image)
  bool stencilOnly = false;                   // the stencil aspect of a depth-stencil format (SRV)
};

// Each returns an empty string when the description is valid, else the problem for the log line.
// A null description is replaced by the documented default for the resource first.
std::string checkShaderResourceView(D3D_FEATURE_LEVEL level, const ViewedResource& resource,
                                    D3D11_SHADER_RESOURCE_VIEW_DESC1* desc, bool useDefault, ViewRange* range);
std::string checkRenderTargetView(D3D_FEATURE_LEVEL level, const ViewedResource& resource,
                                  D3D11_RENDER_TARGET_VIEW_DESC1* desc, bool useDefault, ViewRange* range);
std::string checkDepthStencilView(D3D_FEATURE_LEVEL level, const ViewedResource& resource,
                                  D3D11_DEPTH_STENCIL_VIEW_DESC* desc, bool useDefault, ViewRange* range);
std::string checkUnorderedAccessView(D3D_FEATURE_LEVEL level, const ViewedResource& resource,
                                     D3D11_UNORDERED_ACCESS_VIEW_DESC1* desc, bool useDefault, ViewRange* range);

}  // namespace d3d11vk
