// ContextState: what an immediate (and later deferred) context has bound, as D3D11 sees it, with
// the (private: BindingRef) references D3D11 keeps on bound objects, and the dirty flags the draw path turns into
// commands (d3d11_context_draw.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "dxbc/binding_model.h"
#include "d3d11/d3d11_binding_ref.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"
#include "vk/commands.h"

namespace vk {
struct ShaderCode;
}

namespace d3d11vk {

struct CompiledShader;

constexpr uint32_t kStageCount = 6;  // dxbc::ShaderStage order: VS, HS, DS, GS, PS, CS

struct ConstantBufferBinding {
  BindingRef<ID3D11Buffer> buffer;
  UINT firstConstant = 0;  // in 16-byte constants (SetConstantBuffers1)
  UINT numConstants = 0;   // 0: the whole buffer, up to 4096 constants
};

struct StageState {
  BindingRef<ID3D11DeviceChild> shader;
  const CompiledShader* compiled = nullptr;  // the device's shader cache keeps it alive
  const vk::ShaderCode* code = nullptr;
  ConstantBufferBinding constantBuffers[D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT];
  BindingRef<ID3D11ShaderResourceView> shaderResources[D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT];
  BindingRef<ID3D11SamplerState> samplers[D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT];
  // The stage's descriptor entries are recorded again before the next draw or dispatch when:
  // - descriptorsDirty: every entry is computed again (any change the marks below do not name:
  //   UAVs, hidden blocks, hazard unbinds, renamed dynamic buffers, a new command list);
  // - bindingsDirty: only the entries whose binding-model number is marked in dirtyBindings
  //   (constant buffers, samplers and shader resources rebound by their Set* methods), and, when
  //   shaderChanged, all of them unless the new shader's bindings are those of `entries`.
  // `entries` are the ones last recorded for the stage, i.e. what the worker holds for its set
  // (entriesValid); recording again what is unchanged is skipped (docs/pipelines.md, "Benchmark:
  // draw-call cost").
  bool descriptorsDirty = true;
  bool bindingsDirty = false;
  bool shaderChanged = false;
  bool entriesValid = false;
  static constexpr uint32_t kTrackedBindings = dxbc::binding_model::kUavBase;  // below: CBs, samplers, SRVs
  uint64_t dirtyBindings[(kTrackedBindings + 63) / 64] = {};
  std::vector<vk::DescriptorEntry> entries;
  // A Set* method rebound the D3D11 slot behind binding-model number `binding` (< kTrackedBindings).
  void markBindingDirty(uint32_t binding) {
    dirtyBindings[binding / 64] |= uint64_t(1) << (binding % 64);
    bindingsDirty = true;
  }
  // Class linkage: the instances *SetShader bound (null where none), the class-instance block's
  // words they call for (per interface slot: function table id, 3 unused, then `this`; empty when
  // the shader has no interfaces), the words last recorded into the block in this list (empty:
  // none yet), and the constant buffer holding them (made on first use). The block is written
  // before a draw or dispatch, like the UAV-slice block, so every command list writes its own.
  std::vector<BindingRef<ID3D11ClassInstance>> classInstances;
  std::vector<uint32_t> classInstanceBlock;
  std::vector<uint32_t> classInstanceWords;
  BindingRef<ID3D11Buffer> classInstanceBuffer;
  // Typed 3D UAVs: the UAV-slice block's words last recorded (per UAV slot: FirstWSlice, WSize,
  // 0, 0; empty: nothing recorded yet for the current list) and the constant buffer holding them
  // (made the first time a shader with a typed 3D UAV draws or dispatches).
  std::vector<uint32_t> uavSliceWords;
  BindingRef<ID3D11Buffer> uavSliceBuffer;
};

struct VertexBufferState {
  BindingRef<ID3D11Buffer> buffer;
  UINT stride = 0, offset = 0;
};

struct ContextState {
  StageState stages[kStageCount];
  // Input assembler.
  BindingRef<ID3D11InputLayout> inputLayout;
  VertexBufferState vertexBuffers[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
  BindingRef<ID3D11Buffer> indexBuffer;
  DXGI_FORMAT indexFormat = DXGI_FORMAT_UNKNOWN;
  UINT indexOffset = 0;
  D3D11_PRIMITIVE_TOPOLOGY topology = D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED;
  // Rasterizer.
  BindingRef<ID3D11RasterizerState> rasterizerState;
  UINT viewportCount = 0, scissorCount = 0;
  D3D11_VIEWPORT viewports[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE] = {};
  D3D11_RECT scissors[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE] = {};
  // Output merger.
  BindingRef<ID3D11BlendState> blendState;
  FLOAT blendFactor[4] = {1, 1, 1, 1};
  UINT sampleMask = 0xffffffffu;
  BindingRef<ID3D11DepthStencilState> depthStencilState;
  UINT stencilRef = 0;
  BindingRef<ID3D11RenderTargetView> renderTargets[D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT];
  BindingRef<ID3D11DepthStencilView> depthStencil;
  BindingRef<ID3D11UnorderedAccessView> graphicsUavs[D3D11_1_UAV_SLOT_COUNT];
  BindingRef<ID3D11UnorderedAccessView> computeUavs[D3D11_1_UAV_SLOT_COUNT];
  BindingRef<ID3D11Buffer> streamOutTargets[D3D11_SO_BUFFER_SLOT_COUNT];
  UINT streamOutOffsets[D3D11_SO_BUFFER_SLOT_COUNT] = {};
  // The bound geometry shader's stream-output RasterizedStream (D3D11_SO_NO_RASTERIZED_STREAM:
  // rasterizer discard); 0 without a geometry shader or stream output.
  UINT rasterizedStream = 0;
  BindingRef<ID3D11Predicate> predicate;
  BOOL predicateValue = FALSE;

  // Dirty flags: what must be recorded before the next draw or dispatch.
  bool pipelineDirty = true;        // input layout, strides, topology, state objects, targets
  bool shadersDirty = true;         // only the graphics shaders changed since the last key
  bool computePipelineDirty = true;
  bool vertexBuffersDirty = true;
  bool indexBufferDirty = true;
  bool viewportsDirty = true;
  bool dynamicDirty = true;         // blend factor, stencil reference, depth bias
  bool renderTargetsDirty = true;
  bool streamOutDirty = true;       // SOSetTargets
  bool predicationDirty = true;     // the predicate or its value
};

}  // namespace d3d11vk
