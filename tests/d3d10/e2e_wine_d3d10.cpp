// End-to-end under Wine after setup_d3d11vk.sh install: Wine's own d3d10.dll/d3d10_1.dll drive
// d3d11vk's d3d10core.dll. An fx_4_0 effect (shaders compiled at run time by Wine's d3dcompiler_47)
// applied and drawn, a state block captured and applied, shader reflection of constant buffers and
// signatures. Prints one line per check and "N passed, N failed"; exits non-zero on any failure.
#include <cstdio>
#include <cstring>
#include <vector>

#include <d3d10_1.h>
#include <d3d10effect.h>
#include <d3d10shader.h>
#include <d3dcompiler.h>

#include "d3d11vk/d3d11vk_device_info.h"
#include "fx10_builder.h"
#include "util/com_ptr.h"

using util::ComPtr;

namespace {

int g_passed = 0, g_failed = 0;

void check(bool ok, const char* what) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  (ok ? g_passed : g_failed)++;
}

// Wine marks the PE files of its built-in DLLs with this text right after the DOS header.
bool isWineBuiltin(const char* dll) {
  HMODULE module = GetModuleHandleA(dll);
  return module && std::memcmp(reinterpret_cast<const char*>(module) + 0x40, "Wine builtin DLL", 16) == 0;
}

const char kShaders[] =
    "cbuffer cb { float4 color; };\n"
    "float4 vs(float4 pos : POSITION) : SV_POSITION { return pos; }\n"
    "float4 ps(float4 pos : SV_POSITION) : SV_TARGET { return color; }\n";

std::vector<uint8_t> compile(pD3DCompile compiler, const char* entry, const char* profile) {
  ComPtr<ID3DBlob> code, errors;
  if (!compiler || FAILED(compiler(kShaders, sizeof(kShaders) - 1, "shaders.hlsl", nullptr, nullptr, entry, profile, 0, 0,
                                   code.put(), errors.put()))) {
    std::printf("note: %s did not compile: %s\n", entry, errors ? static_cast<const char*>(errors->GetBufferPointer()) : "");
    return {};
  }
  auto* bytes = static_cast<const uint8_t*>(code->GetBufferPointer());
  return {bytes, bytes + code->GetBufferSize()};
}

struct Target {
  ComPtr<ID3D10Texture2D> texture, staging;
  ComPtr<ID3D10RenderTargetView> view;
};

Target makeTarget(ID3D10Device* device) {
  Target t;
  D3D10_TEXTURE2D_DESC desc{8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D10_USAGE_DEFAULT,
                            D3D10_BIND_RENDER_TARGET, 0, 0};
  device->CreateTexture2D(&desc, nullptr, t.texture.put());
  desc.Usage = D3D10_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D10_CPU_ACCESS_READ;
  device->CreateTexture2D(&desc, nullptr, t.staging.put());
  if (t.texture)
    device->CreateRenderTargetView(t.texture.get(), nullptr, t.view.put());
  return t;
}

UINT readCenter(ID3D10Device* device, Target& t) {
  device->CopyResource(t.staging.get(), t.texture.get());
  D3D10_MAPPED_TEXTURE2D mapped{};
  if (FAILED(t.staging->Map(0, D3D10_MAP_READ, 0, &mapped)))
    return 0xdeadbeef;
  UINT texel = static_cast<const UINT*>(mapped.pData)[4 * mapped.RowPitch / 4 + 4];
  t.staging->Unmap(0);
  return texel;
}

void clearAndDraw(ID3D10Device* device, Target& t) {
  const float black[4] = {0, 0, 0, 0};
  device->ClearRenderTargetView(t.view.get(), black);
  device->Draw(3, 0);
}

}  // namespace

int main() {
  setvbuf(stdout, nullptr, _IONBF, 0);
  ComPtr<ID3D10Device> device;
  HRESULT hr = D3D10CreateDevice(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_SDK_VERSION, device.put());
  check(SUCCEEDED(hr) && device, "D3D10CreateDevice (Wine's d3d10.dll) made a device");
  if (!device) {
    std::printf("%d passed, %d failed\n", g_passed, g_failed + 1);
    return 1;
  }
  check(isWineBuiltin("d3d10.dll"), "d3d10.dll is Wine's built-in (setup left it in place)");
  check(GetModuleHandleA("d3d10core.dll") && !isWineBuiltin("d3d10core.dll"), "d3d10core.dll is not Wine's");
  {
    ComPtr<ID3D11VkDeviceInfo> info;
    device->QueryInterface(__uuidof(ID3D11VkDeviceInfo), reinterpret_cast<void**>(info.put()));
    check(info && std::strstr(info->GetImplementationName(), "d3d11vk"), "the device came from d3d11vk's d3d10core");
  }

  auto compiler = reinterpret_cast<pD3DCompile>(
      reinterpret_cast<void*>(GetProcAddress(LoadLibraryA("d3dcompiler_47.dll"), "D3DCompile")));
  std::vector<uint8_t> vs = compile(compiler, "vs", "vs_4_0"), ps = compile(compiler, "ps", "ps_4_0");
  check(!vs.empty() && !ps.empty(), "Wine's d3dcompiler_47 compiled the VS and PS");

  // ---- reflection -----------------------------------------------------------------------------
  {
    ComPtr<ID3D10ShaderReflection> reflection;
    hr = D3D10ReflectShader(ps.data(), ps.size(), reflection.put());
    check(SUCCEEDED(hr) && reflection, "D3D10ReflectShader on the pixel shader");
    D3D10_SHADER_DESC desc{};
    if (reflection && SUCCEEDED(reflection->GetDesc(&desc))) {
      check(desc.ConstantBuffers == 1 && desc.InputParameters == 1 && desc.OutputParameters == 1,
            "PS reflection: one constant buffer, one input, one output");
      ID3D10ShaderReflectionConstantBuffer* cb = reflection->GetConstantBufferByIndex(0);
      D3D10_SHADER_BUFFER_DESC cbDesc{};
      check(cb && SUCCEEDED(cb->GetDesc(&cbDesc)) && cbDesc.Name && !std::strcmp(cbDesc.Name, "cb") &&
                cbDesc.Variables == 1 && cbDesc.Size == 16,
            "PS reflection: cbuffer 'cb', one variable, 16 bytes");
      D3D10_SHADER_VARIABLE_DESC varDesc{};
      ID3D10ShaderReflectionVariable* var = cb ? cb->GetVariableByIndex(0) : nullptr;
      check(var && SUCCEEDED(var->GetDesc(&varDesc)) && !std::strcmp(varDesc.Name, "color") && varDesc.Size == 16,
            "PS reflection: variable 'color', 16 bytes");
      D3D10_SIGNATURE_PARAMETER_DESC out{};
      check(SUCCEEDED(reflection->GetOutputParameterDesc(0, &out)) && !std::strcmp(out.SemanticName, "SV_TARGET") &&
                out.SystemValueType == D3D10_NAME_TARGET,
            "PS reflection: output SV_TARGET");
    }
    ComPtr<ID3D10ShaderReflection> vsReflection;
    D3D10ReflectShader(vs.data(), vs.size(), vsReflection.put());
    D3D10_SIGNATURE_PARAMETER_DESC in{}, out{};
    check(vsReflection && SUCCEEDED(vsReflection->GetInputParameterDesc(0, &in)) &&
              !std::strcmp(in.SemanticName, "POSITION") && SUCCEEDED(vsReflection->GetOutputParameterDesc(0, &out)) &&
              out.SystemValueType == D3D10_NAME_POSITION,
          "VS reflection: input POSITION, output SV_POSITION");
  }

  // ---- an effect, applied and drawn -----------------------------------------------------------
  test_fx::Effect fx{"cb", {"color"}, "T", {{"P", vs, ps}}};
  std::vector<uint8_t> fxBytes = test_fx::Writer().build(fx);
  ComPtr<ID3D10Effect> effect;
  hr = D3D10CreateEffectFromMemory(fxBytes.data(), fxBytes.size(), 0, device.get(), nullptr, effect.put());
  check(SUCCEEDED(hr) && effect, "D3D10CreateEffectFromMemory on fx_4_0 bytes");
  Target target = makeTarget(device.get());
  ComPtr<ID3D10InputLayout> layout;
  ComPtr<ID3D10Buffer> vertices;
  ComPtr<ID3D10RasterizerState> rasterizer;
  ComPtr<ID3D10PixelShader> plainPs;
  UINT texel = 0;
  if (effect) {
    ID3D10EffectPass* pass = effect->GetTechniqueByName("T")->GetPassByIndex(0);
    D3D10_PASS_DESC passDesc{};
    check(pass->IsValid() && SUCCEEDED(pass->GetDesc(&passDesc)) && passDesc.pIAInputSignature,
          "the effect's pass is valid and has an input signature");
    D3D10_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D10_INPUT_PER_VERTEX_DATA, 0};
    device->CreateInputLayout(&element, 1, passDesc.pIAInputSignature, passDesc.IAInputSignatureSize, layout.put());
    const float triangle[] = {-1, -1, -1, 3, 3, -1};  // covers the target
    D3D10_BUFFER_DESC bd{sizeof(triangle), D3D10_USAGE_IMMUTABLE, D3D10_BIND_VERTEX_BUFFER, 0, 0};
    D3D10_SUBRESOURCE_DATA init{triangle, 0, 0};
    device->CreateBuffer(&bd, &init, vertices.put());
    UINT stride = 8, offset = 0;
    ID3D10Buffer* vb = vertices.get();
    device->IASetVertexBuffers(0, 1, &vb, &stride, &offset);
    device->IASetInputLayout(layout.get());
    device->IASetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D10RenderTargetView* rtv = target.view.get();
    device->OMSetRenderTargets(1, &rtv, nullptr);
    D3D10_VIEWPORT viewport{0, 0, 8, 8, 0, 1};
    device->RSSetViewports(1, &viewport);

    const float green[4] = {0, 1, 0, 1}, red[4] = {1, 0, 0, 1};
    effect->GetVariableByName("color")->AsVector()->SetFloatVector(const_cast<float*>(green));
    check(SUCCEEDED(pass->Apply(0)), "pass Apply");
    clearAndDraw(device.get(), target);
    texel = readCenter(device.get(), target);
    std::printf("note: texel after the green effect draw: %08x\n", texel);
    check(texel == 0xff00ff00, "the effect draws its cbuffer colour (green)");
    effect->GetVariableByName("color")->AsVector()->SetFloatVector(const_cast<float*>(red));
    pass->Apply(0);
    clearAndDraw(device.get(), target);
    texel = readCenter(device.get(), target);
    check(texel == 0xff0000ff, "after SetFloatVector and Apply again the draw is red");

    // ---- a state block: capture, change, apply --------------------------------------------------
    D3D10_STATE_BLOCK_MASK mask{};
    check(SUCCEEDED(D3D10StateBlockMaskEnableAll(&mask)), "D3D10StateBlockMaskEnableAll");
    ComPtr<ID3D10StateBlock> block;
    hr = D3D10CreateStateBlock(device.get(), &mask, block.put());
    check(SUCCEEDED(hr) && block, "D3D10CreateStateBlock with every state");
    D3D10_RASTERIZER_DESC rd{D3D10_FILL_SOLID, D3D10_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE};
    device->CreateRasterizerState(&rd, rasterizer.put());
    device->RSSetState(rasterizer.get());
    if (block)
      check(SUCCEEDED(block->Capture()), "state block Capture");
    // Everything the draw needs goes away; Apply must bring it back.
    device->ClearState();
    ID3D10RasterizerState* current = nullptr;
    if (block)
      check(SUCCEEDED(block->Apply()), "state block Apply");
    device->RSGetState(&current);
    check(current == rasterizer.get(), "Apply restored the rasterizer state");
    if (current)
      current->Release();
    ID3D10PixelShader* currentPs = nullptr;
    device->PSGetShader(&currentPs);
    check(currentPs != nullptr, "Apply restored the effect's pixel shader");
    if (currentPs)
      currentPs->Release();
    UINT count = 1;
    D3D10_VIEWPORT got{};
    device->RSGetViewports(&count, &got);
    check(count == 1 && got.Width == 8 && got.Height == 8, "Apply restored the viewport");
    clearAndDraw(device.get(), target);
    texel = readCenter(device.get(), target);
    check(texel == 0xff0000ff, "the draw after ClearState and Apply is red again");
  }

  // ---- D3D10.1 through Wine's d3d10_1.dll ------------------------------------------------------
  {
    using CreateDevice1 = HRESULT(WINAPI*)(IDXGIAdapter*, D3D10_DRIVER_TYPE, HMODULE, UINT, D3D10_FEATURE_LEVEL1,
                                           UINT, ID3D10Device1**);
    auto create1 = reinterpret_cast<CreateDevice1>(
        reinterpret_cast<void*>(GetProcAddress(LoadLibraryA("d3d10_1.dll"), "D3D10CreateDevice1")));
    ComPtr<ID3D10Device1> device1;
    hr = create1 ? create1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL_10_1,
                           D3D10_1_SDK_VERSION, device1.put())
                 : E_FAIL;
    check(SUCCEEDED(hr) && device1 && device1->GetFeatureLevel() == D3D10_FEATURE_LEVEL_10_1,
          "D3D10CreateDevice1 (Wine's d3d10_1.dll) made a 10_1 device");
    check(isWineBuiltin("d3d10_1.dll"), "d3d10_1.dll is Wine's built-in");
    if (device1) {
      ComPtr<ID3D11VkDeviceInfo> info;
      device1->QueryInterface(__uuidof(ID3D11VkDeviceInfo), reinterpret_cast<void**>(info.put()));
      check(bool(info), "the 10.1 device is d3d11vk's");
      ComPtr<ID3D10Effect> effect1;
      hr = D3D10CreateEffectFromMemory(fxBytes.data(), fxBytes.size(), 0, device1.get(), nullptr, effect1.put());
      check(SUCCEEDED(hr) && effect1, "an effect on the 10.1 device");
    }
  }

  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed ? 1 : 0;
}
