// The demo's rendering: device creation, a compute pass that generates the checker texture through
// a UAV, an instanced, lit, textured, depth-tested grid of cubes over several frames, and read-back
// through a STAGING copy.
#include "demo_renderer.h"

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <stdexcept>

#include "demo_shaders.h"

namespace demo {

namespace {

// Every failing call ends the demo with the call's name and the HRESULT in hex.
void check(HRESULT hr, const char* what) {
  if (FAILED(hr)) {
    char text[256];
    std::snprintf(text, sizeof(text), "%s failed with HRESULT 0x%08x", what, unsigned(hr));
    throw std::runtime_error(text);
  }
}

struct Vec3 {
  float x, y, z;
};
Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
Vec3 operator*(Vec3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Vec3 normalize(Vec3 a) { return a * (1.0f / std::sqrt(dot(a, a))); }

using Matrix = float[4][4];

// Left-handed view and projection as Direct3D uses them (depth 0 at the near plane, 1 at the far
// one), for column vectors: clip = projection * view * world.
void lookAt(Matrix m, Vec3 eye, Vec3 target, Vec3 up) {
  Vec3 z = normalize(target - eye), x = normalize(cross(up, z)), y = cross(z, x);
  const Vec3 axes[3] = {x, y, z};
  for (int r = 0; r < 3; ++r) {
    m[r][0] = axes[r].x;
    m[r][1] = axes[r].y;
    m[r][2] = axes[r].z;
    m[r][3] = -dot(axes[r], eye);
  }
  m[3][0] = m[3][1] = m[3][2] = 0;
  m[3][3] = 1;
}

void perspective(Matrix m, float fovY, float aspect, float nearZ, float farZ) {
  std::memset(m, 0, sizeof(Matrix));
  float yScale = 1.0f / std::tan(fovY / 2);
  m[0][0] = yScale / aspect;
  m[1][1] = yScale;
  m[2][2] = farZ / (farZ - nearZ);
  m[2][3] = -nearZ * farZ / (farZ - nearZ);
  m[3][2] = 1;
}

void multiply(Matrix out, const Matrix a, const Matrix b) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      out[r][c] = 0;
      for (int k = 0; k < 4; ++k)
        out[r][c] += a[r][k] * b[k][c];
    }
}

}  // namespace

DemoRenderer::DemoRenderer() {
  createDevice();
  createShaders();
  createGeometry();
  createTextures();
  createStates();
}

void DemoRenderer::createDevice() {
  // Compute shaders with typed UAV stores need feature level 11_0.
  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
  check(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, levels, 2, D3D11_SDK_VERSION, m_device.put(), &m_level,
                          m_context.put()),
        "D3D11CreateDevice (feature level 11_1 or 11_0)");
  // Only d3d11vk answers this interface: it tells which implementation serves the demo.
  m_info = m_device.query<ID3D11VkDeviceInfo>();
}

void DemoRenderer::createShaders() {
  std::vector<uint8_t> vs = assembleShader("vertex", vertexShaderText());
  std::vector<uint8_t> ps = assembleShader("pixel", pixelShaderText());
  std::vector<uint8_t> cs = assembleShader("compute", computeShaderText());
  check(m_device->CreateVertexShader(vs.data(), vs.size(), nullptr, m_vs.put()), "CreateVertexShader");
  check(m_device->CreatePixelShader(ps.data(), ps.size(), nullptr, m_ps.put()), "CreatePixelShader");
  check(m_device->CreateComputeShader(cs.data(), cs.size(), nullptr, m_cs.put()), "CreateComputeShader");

  // Slot 0 steps per vertex, slot 1 per instance.
  const D3D11_INPUT_ELEMENT_DESC elements[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, offsetof(CubeVertex, position), D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, offsetof(CubeVertex, normal), D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, offsetof(CubeVertex, uv), D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"INSTANCE", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, offsetof(CubeInstance, offset), D3D11_INPUT_PER_INSTANCE_DATA, 1},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, offsetof(CubeInstance, color), D3D11_INPUT_PER_INSTANCE_DATA, 1},
  };
  check(m_device->CreateInputLayout(elements, UINT(std::size(elements)), vs.data(), vs.size(), m_layout.put()),
        "CreateInputLayout");
}

void DemoRenderer::createGeometry() {
  // A cube of half-size 0.7: four vertices per face so each face has its own normal and uvs.
  const Vec3 normals[6] = {{0, 0, -1}, {0, 0, 1}, {-1, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, -1, 0}};
  const float half = 0.7f;
  std::vector<CubeVertex> vertices;
  std::vector<uint16_t> indices;
  for (const Vec3& n : normals) {
    // u = n x v gives u x v = -n, so the corners below run clockwise seen from outside: D3D's
    // default front face.
    Vec3 v = std::fabs(n.y) > 0.5f ? Vec3{0, 0, 1} : Vec3{0, 1, 0};
    Vec3 u = cross(n, v);
    const struct {
      float su, sv, tu, tv;
    } corners[4] = {{-1, -1, 0, 1}, {-1, 1, 0, 0}, {1, 1, 1, 0}, {1, -1, 1, 1}};
    auto base = uint16_t(vertices.size());
    for (const auto& c : corners) {
      Vec3 p = (n + u * c.su + v * c.sv) * half;
      vertices.push_back({{p.x, p.y, p.z}, {n.x, n.y, n.z}, {c.tu, c.tv}});
    }
    for (uint16_t i : {0, 1, 2, 0, 2, 3})
      indices.push_back(uint16_t(base + i));
  }
  m_indexCount = UINT(indices.size());

  // The grid on the ground plane, each cube with its own colour and spin phase.
  std::vector<CubeInstance> instances;
  const float spacing = 2.2f, start = -spacing * (kGridSize - 1) / 2;
  for (uint32_t row = 0; row < kGridSize; ++row)
    for (uint32_t column = 0; column < kGridSize; ++column) {
      float t = float(row * kGridSize + column) / float(kGridSize * kGridSize - 1);
      CubeInstance instance{};
      instance.offset[0] = start + spacing * float(column);
      instance.offset[1] = 0;
      instance.offset[2] = start + spacing * float(row);
      instance.phase = 0.35f * float(row + column);
      // From warm orange through green to blue across the grid.
      instance.color[0] = 1.0f - 0.8f * t;
      instance.color[1] = 0.45f + 0.4f * std::sin(3.14159f * t);
      instance.color[2] = 0.2f + 0.8f * t;
      instance.color[3] = 1;
      instances.push_back(instance);
    }

  auto immutableBuffer = [&](const void* data, size_t size, UINT bind, ComPtr<ID3D11Buffer>& out, const char* what) {
    D3D11_BUFFER_DESC desc{UINT(size), D3D11_USAGE_IMMUTABLE, bind, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA initial{data, 0, 0};
    check(m_device->CreateBuffer(&desc, &initial, out.put()), what);
  };
  immutableBuffer(vertices.data(), vertices.size() * sizeof(CubeVertex), D3D11_BIND_VERTEX_BUFFER, m_vertices,
                  "CreateBuffer (vertices)");
  immutableBuffer(instances.data(), instances.size() * sizeof(CubeInstance), D3D11_BIND_VERTEX_BUFFER, m_instances,
                  "CreateBuffer (instances)");
  immutableBuffer(indices.data(), indices.size() * sizeof(uint16_t), D3D11_BIND_INDEX_BUFFER, m_indices,
                  "CreateBuffer (indices)");

  // Rewritten every frame: dynamic, mapped with WRITE_DISCARD.
  D3D11_BUFFER_DESC constants{sizeof(SceneConstants), D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  check(m_device->CreateBuffer(&constants, nullptr, m_constants.put()), "CreateBuffer (constants)");
}

void DemoRenderer::createTextures() {
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = kTextureSize;
  desc.Height = kTextureSize;
  desc.MipLevels = 1;
  desc.ArraySize = 1;
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc = {1, 0};
  desc.Usage = D3D11_USAGE_DEFAULT;
  desc.BindFlags = D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE;
  check(m_device->CreateTexture2D(&desc, nullptr, m_checker.put()), "CreateTexture2D (checker, UAV|SRV)");
  check(m_device->CreateUnorderedAccessView(m_checker.get(), nullptr, m_checkerUav.put()), "CreateUnorderedAccessView (checker)");
  check(m_device->CreateShaderResourceView(m_checker.get(), nullptr, m_checkerSrv.put()), "CreateShaderResourceView (checker)");

  desc.Width = kWidth;
  desc.Height = kHeight;
  desc.BindFlags = D3D11_BIND_RENDER_TARGET;
  check(m_device->CreateTexture2D(&desc, nullptr, m_target.put()), "CreateTexture2D (render target)");
  check(m_device->CreateRenderTargetView(m_target.get(), nullptr, m_rtv.put()), "CreateRenderTargetView");

  desc.Format = DXGI_FORMAT_D32_FLOAT;
  desc.BindFlags = D3D11_BIND_DEPTH_STENCIL;
  check(m_device->CreateTexture2D(&desc, nullptr, m_depth.put()), "CreateTexture2D (depth D32_FLOAT)");
  check(m_device->CreateDepthStencilView(m_depth.get(), nullptr, m_dsv.put()), "CreateDepthStencilView");
}

void DemoRenderer::createStates() {
  D3D11_SAMPLER_DESC sampler{};
  sampler.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
  sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D11_TEXTURE_ADDRESS_WRAP;
  sampler.MaxAnisotropy = 1;
  sampler.ComparisonFunc = D3D11_COMPARISON_NEVER;
  sampler.MaxLOD = D3D11_FLOAT32_MAX;
  check(m_device->CreateSamplerState(&sampler, m_sampler.put()), "CreateSamplerState");

  D3D11_DEPTH_STENCIL_DESC depth{};
  depth.DepthEnable = TRUE;
  depth.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
  depth.DepthFunc = D3D11_COMPARISON_LESS;
  check(m_device->CreateDepthStencilState(&depth, m_depthState.put()), "CreateDepthStencilState");

  // The default state spelled out: back faces (counter-clockwise on screen) are culled.
  D3D11_RASTERIZER_DESC raster{};
  raster.FillMode = D3D11_FILL_SOLID;
  raster.CullMode = D3D11_CULL_BACK;
  raster.DepthClipEnable = TRUE;
  check(m_device->CreateRasterizerState(&raster, m_rasterizer.put()), "CreateRasterizerState");
}

void DemoRenderer::runComputePass() {
  m_context->CSSetShader(m_cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {m_checkerUav.get()};
  m_context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  m_context->Dispatch(kTextureSize / 8, kTextureSize / 8, 1);
  // Unbound before the pixel shader samples it: D3D11 would otherwise unbind the SRV for the hazard.
  ID3D11UnorderedAccessView* none[] = {nullptr};
  m_context->CSSetUnorderedAccessViews(0, 1, none, nullptr);
  m_context->CSSetShader(nullptr, nullptr, 0);
}

void DemoRenderer::updateConstants(float angle) {
  Matrix view, projection;
  lookAt(view, {0.0f, 8.0f, -10.5f}, {0.0f, -1.4f, 0.0f}, {0, 1, 0});
  perspective(projection, 50.0f * 3.14159265f / 180.0f, float(kWidth) / float(kHeight), 0.1f, 100.0f);

  SceneConstants constants{};
  multiply(constants.viewProjection, projection, view);
  constants.rotation[0] = angle;
  Vec3 light = normalize({-0.45f, 1.0f, -0.6f});
  constants.lightDirection[0] = light.x;
  constants.lightDirection[1] = light.y;
  constants.lightDirection[2] = light.z;
  constants.lighting[0] = 0.22f;
  constants.lighting[1] = 1.0f - 0.22f;

  D3D11_MAPPED_SUBRESOURCE mapped{};
  check(m_context->Map(m_constants.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped), "Map (constants, WRITE_DISCARD)");
  std::memcpy(mapped.pData, &constants, sizeof(constants));
  m_context->Unmap(m_constants.get(), 0);
}

void DemoRenderer::drawFrame(float angle, bool drawScene) {
  m_context->ClearRenderTargetView(m_rtv.get(), kBackground);
  m_context->ClearDepthStencilView(m_dsv.get(), D3D11_CLEAR_DEPTH, 1.0f, 0);
  if (!drawScene)
    return;
  updateConstants(angle);

  ID3D11RenderTargetView* targets[] = {m_rtv.get()};
  m_context->OMSetRenderTargets(1, targets, m_dsv.get());
  m_context->OMSetDepthStencilState(m_depthState.get(), 0);
  D3D11_VIEWPORT viewport{0, 0, float(kWidth), float(kHeight), 0, 1};
  m_context->RSSetViewports(1, &viewport);
  m_context->RSSetState(m_rasterizer.get());

  ID3D11Buffer* buffers[] = {m_vertices.get(), m_instances.get()};
  const UINT strides[] = {sizeof(CubeVertex), sizeof(CubeInstance)}, offsets[] = {0, 0};
  m_context->IASetVertexBuffers(0, 2, buffers, strides, offsets);
  m_context->IASetIndexBuffer(m_indices.get(), DXGI_FORMAT_R16_UINT, 0);
  m_context->IASetInputLayout(m_layout.get());
  m_context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);

  ID3D11Buffer* constants[] = {m_constants.get()};
  m_context->VSSetShader(m_vs.get(), nullptr, 0);
  m_context->VSSetConstantBuffers(0, 1, constants);
  m_context->PSSetShader(m_ps.get(), nullptr, 0);
  m_context->PSSetConstantBuffers(0, 1, constants);
  ID3D11ShaderResourceView* srvs[] = {m_checkerSrv.get()};
  m_context->PSSetShaderResources(0, 1, srvs);
  ID3D11SamplerState* samplers[] = {m_sampler.get()};
  m_context->PSSetSamplers(0, 1, samplers);

  m_context->DrawIndexedInstanced(m_indexCount, kGridSize * kGridSize, 0, 0, 0);
}

void DemoRenderer::render(const RenderOptions& options) {
  runComputePass();
  for (uint32_t frame = 0; frame < kFrames; ++frame)
    drawFrame(0.3f * float(frame), options.drawScene);
  m_context->Flush();
}

std::vector<uint8_t> DemoRenderer::readTexture(ID3D11Texture2D* texture) {
  D3D11_TEXTURE2D_DESC desc;
  texture->GetDesc(&desc);
  desc.Usage = D3D11_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  desc.MiscFlags = 0;
  ComPtr<ID3D11Texture2D> staging;
  check(m_device->CreateTexture2D(&desc, nullptr, staging.put()), "CreateTexture2D (staging)");
  m_context->CopyResource(staging.get(), texture);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  check(m_context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped), "Map (staging, READ)");
  // Rows may be padded to RowPitch: copy them out tightly.
  std::vector<uint8_t> rgba(size_t(desc.Width) * desc.Height * 4);
  for (UINT y = 0; y < desc.Height; ++y)
    std::memcpy(rgba.data() + size_t(y) * desc.Width * 4, static_cast<const uint8_t*>(mapped.pData) + size_t(y) * mapped.RowPitch,
                size_t(desc.Width) * 4);
  m_context->Unmap(staging.get(), 0);
  return rgba;
}

std::vector<uint8_t> DemoRenderer::readFrame() {
  std::vector<uint8_t> rgba = readTexture(m_target.get());
  std::vector<uint8_t> rgb(size_t(kWidth) * kHeight * 3);
  for (size_t i = 0; i < size_t(kWidth) * kHeight; ++i)
    std::memcpy(&rgb[i * 3], &rgba[i * 4], 3);
  return rgb;
}

std::vector<uint8_t> DemoRenderer::readGeneratedTexture() { return readTexture(m_checker.get()); }

}  // namespace demo
