// Integration: the D3D10 faces of D3D11 objects: QueryInterface both ways with one reference
// count, descriptions converted both ways, state-object deduplication, resource Map, queries,
// the shader models a D3D10 device accepts and the stream-output declaration.
#include "d3d10_test_util.h"

#include <d3d10sdklayers.h>

using namespace d3d10_test;

// Exported by d3d11 for the D3D10 runtime; the SDK headers do not declare it.
extern "C" HRESULT WINAPI D3D11CoreCreateDevice(IDXGIFactory* factory, IDXGIAdapter* adapter, UINT flags,
                                                const D3D_FEATURE_LEVEL* levels, UINT levelCount, ID3D11Device** device);

namespace {

// Both interfaces are of one object: same IUnknown, shared reference count.
template <typename A, typename B>
void checkSameObject(A* a, B* b) {
  ComPtr<IUnknown> ua, ub;
  REQUIRE(a->QueryInterface(__uuidof(IUnknown), ua.putVoid()) == S_OK);
  REQUIRE(b->QueryInterface(__uuidof(IUnknown), ub.putVoid()) == S_OK);
  CHECK(ua.get() == ub.get());
  ULONG before = a->AddRef();
  CHECK(b->AddRef() == before + 1);
  b->Release();
  a->Release();
}

const char* kVS50 =
    "vs_5_0\n"
    "dcl_output_siv o0.xyzw, position\n"
    "mov o0.xyzw, l(0, 0, 0, 1.0)\n"
    "ret\n";

const char* kVS41 =
    "vs_4_1\n"
    "dcl_output_siv o0.xyzw, position\n"
    "mov o0.xyzw, l(0, 0, 0, 1.0)\n"
    "ret\n";

}  // namespace

TEST_CASE("d3d10: device faces: ID3D10Device1, ID3D11Device, IDXGIDevice and ID3D10Multithread are one object", "[d3d10]") {
  Device10 d;
  auto device11 = d.device.query<ID3D11Device>();
  REQUIRE(device11);
  checkSameObject(d.device.get(), device11.get());
  auto back = device11.query<ID3D10Device>();
  CHECK(back.get() == static_cast<ID3D10Device*>(d.device.get()));
  CHECK(d.device.query<IDXGIDevice>());
  CHECK(d.device->GetFeatureLevel() == D3D10_FEATURE_LEVEL_10_0);

  auto multithread = d.device.query<ID3D10Multithread>();
  REQUIRE(multithread);
  CHECK(multithread->GetMultithreadProtected() == TRUE);  // D3D10's default without SINGLETHREADED
  CHECK(multithread->SetMultithreadProtected(FALSE) == TRUE);
  CHECK(multithread->GetMultithreadProtected() == FALSE);
  multithread->Enter();
  multithread->Leave();
  multithread->SetMultithreadProtected(TRUE);

  // It is the immediate context's protection where the context has ID3D11Multithread (as on
  // Windows, where video code protects a D3D11 device through ID3D10Multithread).
  ComPtr<ID3D11DeviceContext> context;
  device11->GetImmediateContext(context.put());
  if (auto multithread11 = context.query<ID3D11Multithread>()) {
    CHECK(multithread11->GetMultithreadProtected() == TRUE);
    multithread11->SetMultithreadProtected(FALSE);
    CHECK(multithread->GetMultithreadProtected() == FALSE);
    multithread->SetMultithreadProtected(TRUE);
    CHECK(multithread11->GetMultithreadProtected() == TRUE);
  }

  // Children report the D3D10 device as theirs.
  auto buffer = d.buffer(16, D3D10_USAGE_DEFAULT, D3D10_BIND_VERTEX_BUFFER);
  ComPtr<ID3D10Device> parent;
  buffer->GetDevice(parent.put());
  CHECK(parent.get() == static_cast<ID3D10Device*>(d.device.get()));
}

TEST_CASE("d3d10: resources and views answer their D3D11 interfaces and back, with converted descriptions", "[d3d10]") {
  Device10 d;
  auto buffer = d.buffer(64, D3D10_USAGE_DEFAULT, D3D10_BIND_VERTEX_BUFFER | D3D10_BIND_SHADER_RESOURCE);
  auto buffer11 = buffer.query<ID3D11Buffer>();
  REQUIRE(buffer11);
  checkSameObject(buffer.get(), buffer11.get());
  CHECK(buffer11.query<ID3D10Buffer>().get() == buffer.get());
  CHECK(buffer.query<ID3D10Resource>());
  D3D10_RESOURCE_DIMENSION dimension;
  buffer->GetType(&dimension);
  CHECK(dimension == D3D10_RESOURCE_DIMENSION_BUFFER);

  D3D10_TEXTURE2D_DESC desc{};
  desc.Width = 8;
  desc.Height = 8;
  desc.MipLevels = 0;  // the full chain
  desc.ArraySize = 6;
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc = {1, 0};
  desc.Usage = D3D10_USAGE_DEFAULT;
  desc.BindFlags = D3D10_BIND_SHADER_RESOURCE | D3D10_BIND_RENDER_TARGET;
  desc.MiscFlags = D3D10_RESOURCE_MISC_TEXTURECUBE | D3D10_RESOURCE_MISC_GENERATE_MIPS;
  ComPtr<ID3D10Texture2D> cube;
  REQUIRE(d.device->CreateTexture2D(&desc, nullptr, cube.put()) == S_OK);
  D3D10_TEXTURE2D_DESC got;
  cube->GetDesc(&got);
  CHECK(got.MipLevels == 4);
  CHECK(got.MiscFlags == (D3D10_RESOURCE_MISC_TEXTURECUBE | D3D10_RESOURCE_MISC_GENERATE_MIPS));
  auto cube11 = cube.query<ID3D11Texture2D>();
  REQUIRE(cube11);
  checkSameObject(cube.get(), cube11.get());

  // A D3D10 misc flag that moved in D3D11 is translated both ways; an unknown one is refused.
  D3D10_TEXTURE2D_DESC shared = desc;
  shared.ArraySize = 1;
  shared.MipLevels = 1;
  shared.MiscFlags = 0x40;
  ComPtr<ID3D10Texture2D> refused;
  CHECK(d.device->CreateTexture2D(&shared, nullptr, refused.put()) == E_INVALIDARG);

  ComPtr<ID3D10ShaderResourceView> srv;
  REQUIRE(d.device->CreateShaderResourceView(cube.get(), nullptr, srv.put()) == S_OK);
  D3D10_SHADER_RESOURCE_VIEW_DESC srvDesc;
  srv->GetDesc(&srvDesc);
  CHECK(srvDesc.ViewDimension == D3D10_SRV_DIMENSION_TEXTURECUBE);
  CHECK(srvDesc.TextureCube.MipLevels == 4);
  auto srv11 = srv.query<ID3D11ShaderResourceView>();
  REQUIRE(srv11);
  checkSameObject(srv.get(), srv11.get());
  ComPtr<ID3D10Resource> viewed;
  srv->GetResource(viewed.put());
  CHECK(viewed.query<ID3D10Texture2D>().get() == cube.get());
  d.device->GenerateMips(srv.get());

  D3D10_SHADER_RESOURCE_VIEW_DESC1 arrayDesc{};
  arrayDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  arrayDesc.ViewDimension = D3D10_1_SRV_DIMENSION_TEXTURECUBEARRAY;
  arrayDesc.TextureCubeArray = {0, 1, 0, 1};
  ComPtr<ID3D10ShaderResourceView1> cubeArray;
  // Cube arrays are 10.1's: refused on a 10_0 device by the D3D11 rules for that level.
  CHECK(FAILED(d.device->CreateShaderResourceView1(cube.get(), &arrayDesc, cubeArray.put())));

  D3D10_RENDER_TARGET_VIEW_DESC rtvDesc{};
  rtvDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  rtvDesc.ViewDimension = D3D10_RTV_DIMENSION_TEXTURE2DARRAY;
  rtvDesc.Texture2DArray = {1, 2, 3};
  ComPtr<ID3D10RenderTargetView> rtv;
  REQUIRE(d.device->CreateRenderTargetView(cube.get(), &rtvDesc, rtv.put()) == S_OK);
  D3D10_RENDER_TARGET_VIEW_DESC rtvGot;
  rtv->GetDesc(&rtvGot);
  CHECK(std::memcmp(&rtvGot, &rtvDesc, sizeof(rtvDesc)) == 0);

  auto depth = d.texture2D(8, 8, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D10_USAGE_DEFAULT, D3D10_BIND_DEPTH_STENCIL);
  ComPtr<ID3D10DepthStencilView> dsv;
  REQUIRE(d.device->CreateDepthStencilView(depth.get(), nullptr, dsv.put()) == S_OK);
  D3D10_DEPTH_STENCIL_VIEW_DESC dsvDesc;
  dsv->GetDesc(&dsvDesc);
  CHECK(dsvDesc.ViewDimension == D3D10_DSV_DIMENSION_TEXTURE2D);
  CHECK(dsvDesc.Format == DXGI_FORMAT_D24_UNORM_S8_UINT);
  d.device->ClearDepthStencilView(dsv.get(), D3D10_CLEAR_DEPTH | D3D10_CLEAR_STENCIL, 1.0f, 0);
  checkSameObject(dsv.get(), dsv.query<ID3D11DepthStencilView>().get());
}

TEST_CASE("d3d10: Map and Unmap on buffers and textures go through the immediate context", "[d3d10]") {
  Device10 d;
  const uint32_t initial[4] = {1, 2, 3, 4};
  auto source = d.buffer(16, D3D10_USAGE_DEFAULT, D3D10_BIND_VERTEX_BUFFER, 0, initial);
  auto staging = d.buffer(16, D3D10_USAGE_STAGING, 0, D3D10_CPU_ACCESS_READ | D3D10_CPU_ACCESS_WRITE);
  d.device->CopyResource(staging.get(), source.get());
  void* data = nullptr;
  REQUIRE(staging->Map(D3D10_MAP_READ_WRITE, 0, &data) == S_OK);
  CHECK(std::memcmp(data, initial, sizeof(initial)) == 0);
  static_cast<uint32_t*>(data)[0] = 42;
  staging->Unmap();
  D3D10_BOX box{0, 0, 0, 4, 1, 1};
  d.device->CopySubresourceRegion(source.get(), 0, 12, 0, 0, staging.get(), 0, &box);
  d.device->CopyResource(staging.get(), source.get());
  REQUIRE(staging->Map(D3D10_MAP_READ, 0, &data) == S_OK);
  CHECK(static_cast<uint32_t*>(data)[3] == 42u);
  staging->Unmap();

  // A default-usage buffer cannot be mapped, as in D3D10.
  CHECK(FAILED(source->Map(D3D10_MAP_READ, 0, &data)));
  CHECK(data == nullptr);

  D3D10_TEXTURE3D_DESC desc3{4, 4, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_USAGE_STAGING, 0,
                             D3D10_CPU_ACCESS_READ | D3D10_CPU_ACCESS_WRITE, 0};
  ComPtr<ID3D10Texture3D> volume;
  REQUIRE(d.device->CreateTexture3D(&desc3, nullptr, volume.put()) == S_OK);
  D3D10_MAPPED_TEXTURE3D mapped3{};
  REQUIRE(volume->Map(0, D3D10_MAP_WRITE, 0, &mapped3) == S_OK);
  CHECK(mapped3.RowPitch >= 16u);
  CHECK(mapped3.DepthPitch >= 4 * mapped3.RowPitch);
  volume->Unmap(0);

  D3D10_TEXTURE1D_DESC desc1{8, 1, 1, DXGI_FORMAT_R32_FLOAT, D3D10_USAGE_STAGING, 0, D3D10_CPU_ACCESS_READ, 0};
  ComPtr<ID3D10Texture1D> line;
  REQUIRE(d.device->CreateTexture1D(&desc1, nullptr, line.put()) == S_OK);
  REQUIRE(line->Map(0, D3D10_MAP_READ, 0, &data) == S_OK);
  line->Unmap(0);
  checkSameObject(line.get(), line.query<ID3D11Texture1D>().get());
}

TEST_CASE("d3d10: equal state descriptions give the same object, also across the D3D11 interface", "[d3d10]") {
  Device10 d;
  D3D10_SAMPLER_DESC sampler{};
  sampler.Filter = D3D10_FILTER_MIN_MAG_MIP_LINEAR;
  sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D10_TEXTURE_ADDRESS_CLAMP;
  sampler.MaxAnisotropy = 1;
  sampler.ComparisonFunc = D3D10_COMPARISON_NEVER;
  sampler.MaxLOD = 1000;
  ComPtr<ID3D10SamplerState> a, b;
  REQUIRE(d.device->CreateSamplerState(&sampler, a.put()) == S_OK);
  REQUIRE(d.device->CreateSamplerState(&sampler, b.put()) == S_OK);
  CHECK(a.get() == b.get());
  auto device11 = d.device.query<ID3D11Device>();
  ComPtr<ID3D11SamplerState> c;
  REQUIRE(device11->CreateSamplerState(reinterpret_cast<const D3D11_SAMPLER_DESC*>(&sampler), c.put()) == S_OK);
  CHECK(c.query<ID3D10SamplerState>().get() == a.get());
  D3D10_SAMPLER_DESC got;
  a->GetDesc(&got);
  CHECK(got.MaxLOD == 1000);

  D3D10_DEPTH_STENCIL_DESC ds{};
  ds.DepthEnable = TRUE;
  ds.DepthWriteMask = D3D10_DEPTH_WRITE_MASK_ALL;
  ds.DepthFunc = D3D10_COMPARISON_LESS;
  ds.FrontFace = ds.BackFace = {D3D10_STENCIL_OP_KEEP, D3D10_STENCIL_OP_KEEP, D3D10_STENCIL_OP_KEEP,
                                D3D10_COMPARISON_ALWAYS};
  ComPtr<ID3D10DepthStencilState> s1, s2;
  REQUIRE(d.device->CreateDepthStencilState(&ds, s1.put()) == S_OK);
  REQUIRE(d.device->CreateDepthStencilState(&ds, s2.put()) == S_OK);
  CHECK(s1.get() == s2.get());
  d.device->OMSetDepthStencilState(s1.get(), 3);
  ComPtr<ID3D10DepthStencilState> bound;
  UINT ref = 0;
  d.device->OMGetDepthStencilState(bound.put(), &ref);
  CHECK((bound.get() == s1.get() && ref == 3));

  // D3D10.0's blend description (one set of factors) and 10.1's (per target) meet in one object
  // when they say the same.
  D3D10_BLEND_DESC blend{};
  blend.SrcBlend = blend.SrcBlendAlpha = D3D10_BLEND_ONE;
  blend.DestBlend = blend.DestBlendAlpha = D3D10_BLEND_ZERO;
  blend.BlendOp = blend.BlendOpAlpha = D3D10_BLEND_OP_ADD;
  for (auto& mask : blend.RenderTargetWriteMask)
    mask = D3D10_COLOR_WRITE_ENABLE_ALL;
  D3D10_BLEND_DESC1 blend1{};
  for (auto& target : blend1.RenderTarget)
    target = {FALSE, D3D10_BLEND_ONE, D3D10_BLEND_ZERO, D3D10_BLEND_OP_ADD, D3D10_BLEND_ONE, D3D10_BLEND_ZERO,
              D3D10_BLEND_OP_ADD, D3D10_COLOR_WRITE_ENABLE_ALL};
  ComPtr<ID3D10BlendState> b0;
  ComPtr<ID3D10BlendState1> b1;
  REQUIRE(d.device->CreateBlendState(&blend, b0.put()) == S_OK);
  REQUIRE(d.device->CreateBlendState1(&blend1, b1.put()) == S_OK);
  CHECK(static_cast<ID3D10BlendState*>(b1.get()) == b0.get());
  D3D10_BLEND_DESC1 got1;
  b1->GetDesc1(&got1);
  CHECK(got1.RenderTarget[0].RenderTargetWriteMask == D3D10_COLOR_WRITE_ENABLE_ALL);
}

TEST_CASE("d3d10: queries run Begin/End/GetData on the query object; predicates answer ID3D10Predicate", "[d3d10]") {
  Device10 d;
  D3D10_QUERY_DESC desc{D3D10_QUERY_EVENT, 0};
  ComPtr<ID3D10Query> event;
  REQUIRE(d.device->CreateQuery(&desc, event.put()) == S_OK);
  CHECK(!event.query<ID3D10Predicate>());
  CHECK(event.query<ID3D11Query>());
  event->End();
  BOOL done = FALSE;
  HRESULT hr;
  while ((hr = event->GetData(&done, sizeof(done), 0)) == S_FALSE) {
  }
  CHECK(hr == S_OK);
  CHECK(done == TRUE);

  desc = {D3D10_QUERY_PIPELINE_STATISTICS, 0};
  ComPtr<ID3D10Query> stats;
  REQUIRE(d.device->CreateQuery(&desc, stats.put()) == S_OK);
  CHECK(stats->GetDataSize() == sizeof(D3D10_QUERY_DATA_PIPELINE_STATISTICS));

  desc = {D3D10_QUERY_OCCLUSION_PREDICATE, 0};
  ComPtr<ID3D10Predicate> predicate;
  REQUIRE(d.device->CreatePredicate(&desc, predicate.put()) == S_OK);
  predicate->Begin();
  predicate->End();
  d.device->SetPredication(predicate.get(), FALSE);
  ComPtr<ID3D10Predicate> bound;
  BOOL value = TRUE;
  d.device->GetPredication(bound.put(), &value);
  CHECK(bound.get() == predicate.get());
  CHECK(value == FALSE);
  d.device->SetPredication(nullptr, FALSE);
  D3D10_QUERY_DESC got;
  predicate->GetDesc(&got);
  CHECK(got.Query == D3D10_QUERY_OCCLUSION_PREDICATE);
}

TEST_CASE("d3d10: shader models: 4.0 on 10.0, 4.1 only on 10.1, 5.0 never; shaders and layouts answer D3D11", "[d3d10]") {
  auto vs50 = bytecode(kVS50), vs41 = bytecode(kVS41), vs40 = bytecode(kColorVS);
  {
    Device10 d(D3D10_FEATURE_LEVEL_10_0);
    ComPtr<ID3D10VertexShader> vs;
    CHECK(d.device->CreateVertexShader(vs50.data(), vs50.size(), vs.put()) == E_INVALIDARG);
    CHECK(d.device->CreateVertexShader(vs41.data(), vs41.size(), vs.put()) == E_INVALIDARG);
    REQUIRE(d.device->CreateVertexShader(vs40.data(), vs40.size(), vs.put()) == S_OK);
    checkSameObject(vs.get(), vs.query<ID3D11VertexShader>().get());
    const D3D10_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D10_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D10_INPUT_PER_VERTEX_DATA, 0},
    };
    ComPtr<ID3D10InputLayout> layout;
    REQUIRE(d.device->CreateInputLayout(elements, 2, vs40.data(), vs40.size(), layout.put()) == S_OK);
    checkSameObject(layout.get(), layout.query<ID3D11InputLayout>().get());
    CHECK(std::string(D3D10GetVertexShaderProfile(d.device.get())) == "vs_4_0");
  }
  {
    Device10 d(D3D10_FEATURE_LEVEL_10_1);
    ComPtr<ID3D10VertexShader> vs;
    CHECK(d.device->CreateVertexShader(vs50.data(), vs50.size(), vs.put()) == E_INVALIDARG);
    CHECK(d.device->CreateVertexShader(vs41.data(), vs41.size(), vs.put()) == S_OK);
    CHECK(std::string(D3D10GetPixelShaderProfile(d.device.get())) == "ps_4_1");
  }
  {
    // A D3D11 device at 11_0 seen through its D3D10 face still refuses shader model 5.
    // (D3D11CoreCreateDevice: only devices made for the D3D10 runtime answer ID3D10Device.)
    ComPtr<ID3D11Device> device11;
    D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
    REQUIRE(D3D11CoreCreateDevice(nullptr, nullptr, 0, &level, 1, device11.put()) == S_OK);
    auto device10 = device11.query<ID3D10Device>();
    REQUIRE(device10);
    // A D3D11 device starts unprotected, whichever interface asks.
    CHECK(device11.query<ID3D10Multithread>()->GetMultithreadProtected() == FALSE);
    ComPtr<ID3D10VertexShader> vs;
    CHECK(device10->CreateVertexShader(vs50.data(), vs50.size(), vs.put()) == E_INVALIDARG);
  }
}

TEST_CASE("d3d10: stream output: one stride for one buffer, element sizes for several", "[d3d10]") {
  Device10 d;
  auto vs = bytecode(kColorVS);
  const D3D10_SO_DECLARATION_ENTRY one[] = {
      {"SV_Position", 0, 0, 4, 0},
      {"COLOR", 0, 0, 4, 0},
  };
  ComPtr<ID3D10GeometryShader> gs;
  HRESULT hr = d.device->CreateGeometryShaderWithStreamOutput(vs.data(), vs.size(), one, 2, 32, gs.put());
  REQUIRE(hr == S_OK);
  checkSameObject(gs.get(), gs.query<ID3D11GeometryShader>().get());
  const D3D10_SO_DECLARATION_ENTRY two[] = {
      {"SV_Position", 0, 0, 4, 0},
      {"COLOR", 0, 0, 4, 1},
  };
  ComPtr<ID3D10GeometryShader> gs2;
  CHECK(d.device->CreateGeometryShaderWithStreamOutput(vs.data(), vs.size(), two, 2, 0, gs2.put()) == S_OK);
  // A stride too small for the one buffer's elements is refused, as D3D10 documents.
  ComPtr<ID3D10GeometryShader> bad;
  CHECK(d.device->CreateGeometryShaderWithStreamOutput(vs.data(), vs.size(), one, 2, 16, bad.put()) == E_INVALIDARG);
  // Windows' D3D10 (Wine's d3d10core test_stream_output): entries past slot 0 take no stride, even
  // when they all go to one buffer; a stride with them, or a stride without entries, is refused.
  const D3D10_SO_DECLARATION_ENTRY slotTwo[] = {{"COLOR", 0, 0, 4, 2}};
  ComPtr<ID3D10GeometryShader> gs3;
  CHECK(d.device->CreateGeometryShaderWithStreamOutput(vs.data(), vs.size(), slotTwo, 1, 0, gs3.put()) == S_OK);
  CHECK(gs3);
  CHECK(d.device->CreateGeometryShaderWithStreamOutput(vs.data(), vs.size(), slotTwo, 1, 64, bad.put()) == E_INVALIDARG);
  CHECK(d.device->CreateGeometryShaderWithStreamOutput(vs.data(), vs.size(), two, 2, 64, bad.put()) == E_INVALIDARG);
  CHECK_FALSE(bad);
  CHECK(d.device->CreateGeometryShaderWithStreamOutput(vs.data(), vs.size(), nullptr, 0, 64, bad.put()) == E_INVALIDARG);

  auto so = d.buffer(256, D3D10_USAGE_DEFAULT, D3D10_BIND_STREAM_OUTPUT);
  ID3D10Buffer* targets[] = {so.get()};
  UINT offsets[] = {0};
  d.device->SOSetTargets(1, targets, offsets);
  ComPtr<ID3D10Buffer> got;
  UINT offset = 7;
  d.device->SOGetTargets(1, got.put(), &offset);
  CHECK(got.get() == so.get());
  CHECK(offset == ~0u);  // Windows 10 reports every bound buffer's offset as ~0 (append)
  d.device->SOSetTargets(0, nullptr, nullptr);
}

TEST_CASE("d3d10: format support uses only the bits D3D10 defines", "[d3d10]") {
  Device10 d;
  UINT support = 0;
  REQUIRE(d.device->CheckFormatSupport(DXGI_FORMAT_R8G8B8A8_UNORM, &support) == S_OK);
  CHECK((support & D3D10_FORMAT_SUPPORT_RENDER_TARGET) != 0);
  CHECK((support & ~((D3D10_FORMAT_SUPPORT_BACK_BUFFER_CAST << 1) - 1)) == 0u);
  UINT quality = 0;
  CHECK(d.device->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 4, &quality) == S_OK);
  CHECK(quality >= 1u);
  D3D10_COUNTER_INFO info{};
  d.device->CheckCounterInfo(&info);
  d.device->SetTextFilterSize(3, 4);
  UINT w = 0, h = 0;
  d.device->GetTextFilterSize(&w, &h);
  CHECK((w == 3 && h == 4));
}

TEST_CASE("d3d10: copies into a depth-stencil texture copy nothing, as Windows' D3D10 does; copies out of one work",
          "[d3d10]") {
  d3d10_test::Device10 f;
  auto depth = f.texture2D(4, 4, DXGI_FORMAT_D32_FLOAT, D3D10_USAGE_DEFAULT, D3D10_BIND_DEPTH_STENCIL);
  ComPtr<ID3D10DepthStencilView> dsv;
  REQUIRE(f.device->CreateDepthStencilView(depth.get(), nullptr, dsv.put()) == S_OK);
  f.device->ClearDepthStencilView(dsv.get(), D3D10_CLEAR_DEPTH, 0.25f, 0);
  auto colour = f.texture2D(4, 4, DXGI_FORMAT_R32_FLOAT, D3D10_USAGE_DEFAULT, D3D10_BIND_SHADER_RESOURCE);
  const std::vector<float> ones(16, 1.0f);
  f.device->UpdateSubresource(colour.get(), 0, nullptr, ones.data(), 16, 0);

  auto asFloat = [](uint32_t bits) {
    float value;
    std::memcpy(&value, &bits, 4);
    return value;
  };
  f.device->CopyResource(depth.get(), colour.get());
  D3D10_BOX box{0, 0, 0, 2, 2, 1};
  f.device->CopySubresourceRegion(depth.get(), 0, 1, 1, 0, colour.get(), 0, &box);
  for (uint32_t texel : f.readTexels(depth.get()))
    CHECK(asFloat(texel) == 0.25f);
  // The other way works: the depth values land in the colour texture.
  f.device->CopyResource(colour.get(), depth.get());
  for (uint32_t texel : f.readTexels(colour.get()))
    CHECK(asFloat(texel) == 0.25f);
}

TEST_CASE("d3d10: bound views, samplers and predicates the application released read back null; held ones do not",
          "[d3d10]") {
  d3d10_test::Device10 f;
  auto texture = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_USAGE_DEFAULT, D3D10_BIND_SHADER_RESOURCE);
  // Another texture for the render target: binding one for output would unbind its views.
  auto target = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_USAGE_DEFAULT, D3D10_BIND_RENDER_TARGET);
  D3D10_SAMPLER_DESC samplerDesc{};
  samplerDesc.Filter = D3D10_FILTER_MIN_MAG_MIP_LINEAR;
  samplerDesc.AddressU = samplerDesc.AddressV = samplerDesc.AddressW = D3D10_TEXTURE_ADDRESS_WRAP;
  samplerDesc.MaxLOD = 1000.0f;
  D3D10_QUERY_DESC predicateDesc{D3D10_QUERY_OCCLUSION_PREDICATE, 0};
  for (bool release : {false, true}) {
    CAPTURE(release);
    ID3D10ShaderResourceView* srv = nullptr;
    REQUIRE(f.device->CreateShaderResourceView(texture.get(), nullptr, &srv) == S_OK);
    ID3D10RenderTargetView* rtv = nullptr;
    REQUIRE(f.device->CreateRenderTargetView(target.get(), nullptr, &rtv) == S_OK);
    ID3D10SamplerState* sampler = nullptr;
    REQUIRE(f.device->CreateSamplerState(&samplerDesc, &sampler) == S_OK);
    ID3D10Predicate* predicate = nullptr;
    REQUIRE(f.device->CreatePredicate(&predicateDesc, &predicate) == S_OK);
    f.device->PSSetShaderResources(0, 1, &srv);
    f.device->OMSetRenderTargets(1, &rtv, nullptr);
    f.device->PSSetSamplers(0, 1, &sampler);
    f.device->SetPredication(predicate, TRUE);
    if (release) {
      CHECK(srv->Release() == 0);
      CHECK(rtv->Release() == 0);
      CHECK(sampler->Release() == 0);
      CHECK(predicate->Release() == 0);
    }
    ID3D10ShaderResourceView* gotSrv = nullptr;
    f.device->PSGetShaderResources(0, 1, &gotSrv);
    ID3D10RenderTargetView* gotRtv = nullptr;
    f.device->OMGetRenderTargets(1, &gotRtv, nullptr);
    ID3D10SamplerState* gotSampler = nullptr;
    f.device->PSGetSamplers(0, 1, &gotSampler);
    ID3D10Predicate* gotPredicate = nullptr;
    f.device->GetPredication(&gotPredicate, nullptr);
    if (release) {
      CHECK(gotSrv == nullptr);
      CHECK(gotRtv == nullptr);
      CHECK(gotSampler == nullptr);
      CHECK(gotPredicate == nullptr);
    } else {
      CHECK(gotSrv == srv);
      CHECK(gotRtv == rtv);
      CHECK(gotSampler == sampler);
      CHECK(gotPredicate == predicate);
      for (IUnknown* got : std::initializer_list<IUnknown*>{gotSrv, gotRtv, gotSampler, gotPredicate})
        if (got)
          got->Release();
      srv->Release();
      rtv->Release();
      sampler->Release();
      predicate->Release();
    }
    f.device->ClearState();
  }
}

TEST_CASE("d3d10: a D3D10_CREATE_DEVICE_DEBUG device answers ID3D10Debug and ID3D10InfoQueue over the same messages",
          "[d3d10][debug]") {
  ComPtr<ID3D10Device1> device;
  REQUIRE(D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, D3D10_CREATE_DEVICE_DEBUG,
                             D3D10_FEATURE_LEVEL_10_0, D3D10_1_SDK_VERSION, device.put()) == S_OK);
  ComPtr<ID3D10InfoQueue> queue;
  ComPtr<ID3D10Debug> debug;
  REQUIRE(device->QueryInterface(__uuidof(ID3D10InfoQueue), queue.putVoid()) == S_OK);
  REQUIRE(device->QueryInterface(__uuidof(ID3D10Debug), debug.putVoid()) == S_OK);
  checkSameObject(device.get(), queue.get());
  CHECK(debug->Validate() == S_OK);
  queue->ClearStoredMessages();
  // An invalid description through the D3D10 face: D3D10's and D3D11's IDs agree below 443.
  ComPtr<ID3D10Buffer> buffer;
  CHECK(device->CreateBuffer(nullptr, nullptr, buffer.put()) == E_INVALIDARG);
  REQUIRE(queue->GetNumStoredMessages() >= 1);
  SIZE_T size = 0;
  REQUIRE(queue->GetMessage(0, nullptr, &size) == S_OK);
  std::vector<unsigned char> storage(size);
  auto* message = reinterpret_cast<D3D10_MESSAGE*>(storage.data());
  REQUIRE(queue->GetMessage(0, message, &size) == S_OK);
  CHECK(message->ID == D3D10_MESSAGE_ID_CREATEBUFFER_NULLDESC);
  CHECK(message->Category == D3D10_MESSAGE_CATEGORY_STATE_CREATION);
  CHECK(message->Severity == D3D10_MESSAGE_SEVERITY_ERROR);

  // A device without the flag has neither.
  ComPtr<ID3D10Device1> plain;
  REQUIRE(D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL_10_0, D3D10_1_SDK_VERSION,
                             plain.put()) == S_OK);
  ComPtr<ID3D10InfoQueue> none;
  CHECK(plain->QueryInterface(__uuidof(ID3D10InfoQueue), none.putVoid()) == E_NOINTERFACE);
}
