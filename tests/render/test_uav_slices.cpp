// Rendering: unordered-access views of a Texture3D with a W-slice range (FirstWSlice, WSize). The
// shader's z counts from FirstWSlice, accesses at z >= WSize are dropped (stores, atomics) or read
// 0 (loads), and GetDimensions (resinfo) gives WSize as the depth, at the view's mip. The Vulkan
// view covers every slice; the compiler offsets and checks z with the range the context writes
// into the stage's UAV-slice block (docs/binding-model.md). Compute and pixel shaders, an
// immediate and a deferred context.
#include "render_util.h"

using namespace render;

namespace {

constexpr UINT kW = 4, kH = 2, kD = 8;

// What a texel holds before the test's shader runs: distinct in every texel, mip and slice.
uint32_t initialValue(UINT mip, UINT x, UINT y, UINT z) { return 0x50000000u + mip * 0x10000u + z * 100 + y * 10 + x; }

// What the writing shaders store at view coordinate (x, y, z).
uint32_t writtenValue(UINT x, UINT y, UINT z) { return 1000 + 100 * z + 10 * y + x; }

// An R32_UINT kW x kH x kD texture with `mips` levels filled with initialValue().
ComPtr<ID3D11Texture3D> texture3D(Fixture& f, UINT mips) {
  D3D11_TEXTURE3D_DESC desc{kW, kH, kD, mips, DXGI_FORMAT_R32_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0};
  std::vector<std::vector<uint32_t>> levels(mips);
  std::vector<D3D11_SUBRESOURCE_DATA> initial(mips);
  for (UINT mip = 0; mip < mips; ++mip) {
    const UINT w = std::max(1u, kW >> mip), h = std::max(1u, kH >> mip), d = std::max(1u, kD >> mip);
    for (UINT z = 0; z < d; ++z)
      for (UINT y = 0; y < h; ++y)
        for (UINT x = 0; x < w; ++x)
          levels[mip].push_back(initialValue(mip, x, y, z));
    initial[mip] = D3D11_SUBRESOURCE_DATA{levels[mip].data(), w * 4, w * h * 4};
  }
  ComPtr<ID3D11Texture3D> texture;
  REQUIRE(f.device->CreateTexture3D(&desc, initial.data(), texture.put()) == S_OK);
  return texture;
}

// Mip `mip` of a 3D texture as tightly packed words, slice after slice, through a staging copy.
std::vector<uint32_t> readTexture3D(Fixture& f, ID3D11Texture3D* texture, UINT mip) {
  D3D11_TEXTURE3D_DESC desc;
  texture->GetDesc(&desc);
  desc.Usage = D3D11_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  ComPtr<ID3D11Texture3D> staging;
  REQUIRE(f.device->CreateTexture3D(&desc, nullptr, staging.put()) == S_OK);
  f.context->CopyResource(staging.get(), texture);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(f.context->Map(staging.get(), mip, D3D11_MAP_READ, 0, &mapped) == S_OK);
  const UINT w = std::max(1u, desc.Width >> mip), h = std::max(1u, desc.Height >> mip), d = std::max(1u, desc.Depth >> mip);
  std::vector<uint32_t> words;
  for (UINT z = 0; z < d; ++z)
    for (UINT y = 0; y < h; ++y) {
      const auto* row = reinterpret_cast<const uint32_t*>(static_cast<const uint8_t*>(mapped.pData) + size_t(z) * mapped.DepthPitch +
                                                          size_t(y) * mapped.RowPitch);
      words.insert(words.end(), row, row + w);
    }
  f.context->Unmap(staging.get(), mip);
  return words;
}

ComPtr<ID3D11UnorderedAccessView> sliceView(Fixture& f, ID3D11Resource* texture, UINT mip, UINT first, UINT size) {
  D3D11_UNORDERED_ACCESS_VIEW_DESC desc{};
  desc.Format = DXGI_FORMAT_R32_UINT;
  desc.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE3D;
  desc.Texture3D = {mip, first, size};
  ComPtr<ID3D11UnorderedAccessView> view;
  REQUIRE(f.device->CreateUnorderedAccessView(texture, &desc, view.put()) == S_OK);
  return view;
}

ComPtr<ID3D11UnorderedAccessView> structuredView(Fixture& f, ID3D11Buffer* buffer) {
  ComPtr<ID3D11UnorderedAccessView> view;
  REQUIRE(f.device->CreateUnorderedAccessView(buffer, nullptr, view.put()) == S_OK);
  return view;
}

// Each thread (x, y, z) stores writtenValue(x, y, z) at u0[x, y, z] and GetDimensions(u0) into
// u1[0] (a structured buffer of uint4). The group covers z = 0..gz-1, past the view's WSize.
std::string writeCS(UINT gx, UINT gy, UINT gz) {
  return "cs_5_0\n"
         "dcl_uav_typed_texture3d (uint,uint,uint,uint) u0\n"
         "dcl_uav_structured u1, 16\n"
         "dcl_input vThreadID.xyz\n"
         "dcl_temps 2\n"
         "dcl_thread_group " + std::to_string(gx) + ", " + std::to_string(gy) + ", " + std::to_string(gz) + "\n"
         "imad r0.x, vThreadID.z, l(100), l(1000)\n"
         "imad r0.x, vThreadID.y, l(10), r0.x\n"
         "iadd r0.x, r0.x, vThreadID.x\n"
         "store_uav_typed u0.xyzw, vThreadID.xyzz, r0.xxxx\n"
         "resinfo_uint r1.xyzw, l(0), u0.xyzw\n"
         "store_structured u1.xyzw, l(0), l(0), r1.xyzw\n"
         "ret\n";
}

// Checks mip `mip` of `texture` after writeCS ran through a view of slices first..first+size-1:
// those hold writtenValue at view z = slice - first, every other slice its initial contents.
void checkWritten(Fixture& f, ID3D11Texture3D* texture, UINT mip, UINT first, UINT size) {
  const UINT w = std::max(1u, kW >> mip), h = std::max(1u, kH >> mip), d = std::max(1u, kD >> mip);
  const std::vector<uint32_t> words = readTexture3D(f, texture, mip);
  REQUIRE(words.size() == size_t(w) * h * d);
  for (UINT z = 0; z < d; ++z)
    for (UINT y = 0; y < h; ++y)
      for (UINT x = 0; x < w; ++x) {
        INFO("mip " << mip << " texel " << x << ", " << y << ", slice " << z);
        const bool inside = z >= first && z < first + size;
        CHECK(words[(size_t(z) * h + y) * w + x] == (inside ? writtenValue(x, y, z - first) : initialValue(mip, x, y, z)));
      }
}

std::vector<uint32_t> words(const std::vector<uint8_t>& bytes) {
  std::vector<uint32_t> out(bytes.size() / 4);
  std::memcpy(out.data(), bytes.data(), out.size() * 4);
  return out;
}

}  // namespace

TEST_CASE("a compute shader writes a 3D UAV's W-slice range: z counts from FirstWSlice, z >= WSize is dropped", "[render][compute][uav-slices]") {
  Fixture f;
  auto texture = texture3D(f, 1);
  auto dims = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, nullptr, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  auto view = sliceView(f, texture.get(), 0, 2, 3);
  auto dimsView = structuredView(f, dims.get());
  auto cs = makeCS(f, writeCS(kW, kH, 6));  // z = 0..5: 3, 4 and 5 lie past WSize 3
  f.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {view.get(), dimsView.get()};
  f.context->CSSetUnorderedAccessViews(0, 2, uavs, nullptr);
  f.context->Dispatch(1, 1, 1);
  checkWritten(f, texture.get(), 0, 2, 3);
  const auto size = words(f.readBuffer(dims.get()));
  CHECK(size[0] == kW);
  CHECK(size[1] == kH);
  CHECK(size[2] == 3);  // WSize, not the texture's depth

  SECTION("another range of the same texture, WSize -1 (the rest), on the same shader") {
    auto rest = sliceView(f, texture.get(), 0, 5, UINT(-1));
    ID3D11UnorderedAccessView* next[] = {rest.get()};
    f.context->CSSetUnorderedAccessViews(0, 1, next, nullptr);
    f.context->Dispatch(1, 1, 1);
    const std::vector<uint32_t> after = readTexture3D(f, texture.get(), 0);
    for (UINT z = 0; z < kD; ++z)
      for (UINT y = 0; y < kH; ++y)
        for (UINT x = 0; x < kW; ++x) {
          INFO("texel " << x << ", " << y << ", slice " << z);
          const uint32_t expected = z >= 5 ? writtenValue(x, y, z - 5) : z >= 2 ? writtenValue(x, y, z - 2) : initialValue(0, x, y, z);
          CHECK(after[(size_t(z) * kH + y) * kW + x] == expected);
        }
    CHECK(words(f.readBuffer(dims.get()))[2] == 3);  // slices 5..7
  }
  SECTION("the full-depth view still writes every slice") {
    auto whole = sliceView(f, texture.get(), 0, 0, UINT(-1));
    ID3D11UnorderedAccessView* next[] = {whole.get()};
    auto deep = makeCS(f, writeCS(kW, kH, kD));
    f.context->CSSetShader(deep.get(), nullptr, 0);
    f.context->CSSetUnorderedAccessViews(0, 1, next, nullptr);
    f.context->Dispatch(1, 1, 1);
    checkWritten(f, texture.get(), 0, 0, kD);
    CHECK(words(f.readBuffer(dims.get()))[2] == kD);
  }
}

TEST_CASE("3D UAV W-slice range: loads read from FirstWSlice and give 0 past WSize; atomics are offset and dropped the same way", "[render][compute][uav-slices]") {
  Fixture f;
  auto texture = texture3D(f, 1);
  auto view = sliceView(f, texture.get(), 0, 2, 3);
  // Per thread two words: the ld_uav_typed result and the value imm_atomic_iadd returned.
  const UINT threads = kW * kH * 6;
  auto results = f.buffer(threads * 8, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, nullptr, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8);
  auto resultsView = structuredView(f, results.get());
  auto cs = makeCS(f,
                   "cs_5_0\n"
                   "dcl_uav_typed_texture3d (uint,uint,uint,uint) u0\n"
                   "dcl_uav_structured u1, 8\n"
                   "dcl_input vThreadID.xyz\n"
                   "dcl_temps 2\n"
                   "dcl_thread_group 4, 2, 6\n"
                   "ld_uav_typed r0.x, vThreadID.xyzz, u0.xyzw\n"
                   "imm_atomic_iadd r0.y, u0, vThreadID.xyzz, l(5)\n"
                   "imad r1.x, vThreadID.z, l(2), vThreadID.y\n"
                   "imad r1.x, r1.x, l(4), vThreadID.x\n"
                   "store_structured u1.xy, r1.x, l(0), r0.xyxx\n"
                   "ret\n");
  f.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {view.get(), resultsView.get()};
  f.context->CSSetUnorderedAccessViews(0, 2, uavs, nullptr);
  f.context->Dispatch(1, 1, 1);
  const auto got = words(f.readBuffer(results.get()));
  for (UINT z = 0; z < 6; ++z)
    for (UINT y = 0; y < kH; ++y)
      for (UINT x = 0; x < kW; ++x) {
        INFO("view texel " << x << ", " << y << ", " << z);
        const size_t i = (size_t(z) * kH + y) * kW + x;
        const uint32_t expected = z < 3 ? initialValue(0, x, y, z + 2) : 0;
        CHECK(got[2 * i] == expected);
        CHECK(got[2 * i + 1] == expected);
      }
  const std::vector<uint32_t> after = readTexture3D(f, texture.get(), 0);
  for (UINT z = 0; z < kD; ++z)
    for (UINT y = 0; y < kH; ++y)
      for (UINT x = 0; x < kW; ++x) {
        INFO("texel " << x << ", " << y << ", slice " << z);
        const bool inside = z >= 2 && z < 5;
        CHECK(after[(size_t(z) * kH + y) * kW + x] == initialValue(0, x, y, z) + (inside ? 5 : 0));
      }
}

TEST_CASE("3D UAV W-slice range at mip 1: WSize -1 counts the mip's slices, GetDimensions gives that mip's size", "[render][compute][uav-slices]") {
  Fixture f;
  auto texture = texture3D(f, 2);  // mip 1: 2 x 1 x 4
  auto dims = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, nullptr, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  auto view = sliceView(f, texture.get(), 1, 1, UINT(-1));  // slices 1..3 of mip 1
  auto dimsView = structuredView(f, dims.get());
  auto cs = makeCS(f, writeCS(2, 1, 4));  // z = 3 lies past WSize 3
  f.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {view.get(), dimsView.get()};
  f.context->CSSetUnorderedAccessViews(0, 2, uavs, nullptr);
  f.context->Dispatch(1, 1, 1);
  checkWritten(f, texture.get(), 1, 1, 3);
  checkWritten(f, texture.get(), 0, 0, 0);  // mip 0 untouched
  const auto size = words(f.readBuffer(dims.get()));
  CHECK(size[0] == 2);
  CHECK(size[1] == 1);
  CHECK(size[2] == 3);
}

TEST_CASE("a pixel shader writes a 3D UAV's W-slice range beside its render target", "[render][uav][uav-slices]") {
  Fixture f;
  // Each pixel (x, y) stores writtenValue(x, y, z) at u1[x, y, z] for z = 0..5; the view has
  // slices 3..6 (WSize 4), so z = 4 and 5 are dropped.
  std::string ps =
      "ps_5_0\n"
      "dcl_uav_typed_texture3d (uint,uint,uint,uint) u1\n"
      "dcl_input_ps_siv linearNoperspective v0.xy, position\n"
      "dcl_output o0.xyzw\n"
      "dcl_temps 2\n"
      "ftou r0.xy, v0.xyxx\n"
      "imad r1.x, r0.y, l(10), r0.x\n";
  for (UINT z = 0; z < 6; ++z)
    ps += "mov r0.z, l(" + std::to_string(z) + ")\n"
          "iadd r1.y, r1.x, l(" + std::to_string(1000 + 100 * z) + ")\n"
          "store_uav_typed u1.xyzw, r0.xyzz, r1.yyyy\n";
  ps += "mov o0.xyzw, l(0, 1.0, 0, 1.0)\n"
        "ret\n";
  Scene s(f, kW, kH, DXGI_FORMAT_R8G8B8A8_UNORM, ps);
  auto texture = texture3D(f, 1);
  auto view = sliceView(f, texture.get(), 0, 3, 4);
  ID3D11RenderTargetView* targets[] = {s.rtv.get()};
  ID3D11UnorderedAccessView* uavs[] = {view.get()};
  f.context->OMSetRenderTargetsAndUnorderedAccessViews(1, targets, nullptr, 1, 1, uavs, nullptr);
  s.draw(rect(-1, -1, 1, 1, 0, 0, 0));
  CHECK(countEqual(s.pixels(), rgba8(0, 255, 0)) == kW * kH);
  checkWritten(f, texture.get(), 0, 3, 4);
}

TEST_CASE("3D UAV W-slice ranges on a deferred context: each command list writes the slice block it relies on", "[render][compute][uav-slices][deferred]") {
  Fixture f;
  ComPtr<ID3D11DeviceContext> deferred;
  REQUIRE(f.device->CreateDeferredContext(0, deferred.put()) == S_OK);
  auto texture = texture3D(f, 1);
  auto dims = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, nullptr, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  auto view = sliceView(f, texture.get(), 0, 2, 3);
  auto dimsView = structuredView(f, dims.get());
  auto cs = makeCS(f, writeCS(kW, kH, 6));
  deferred->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {view.get(), dimsView.get()};
  deferred->CSSetUnorderedAccessViews(0, 2, uavs, nullptr);
  deferred->Dispatch(1, 1, 1);
  ComPtr<ID3D11CommandList> first, second;
  REQUIRE(deferred->FinishCommandList(TRUE, first.put()) == S_OK);
  // The state is kept and nothing is bound again: the second list must still carry its own copy
  // of the block, since it may run without the first.
  deferred->Dispatch(1, 1, 1);
  REQUIRE(deferred->FinishCommandList(FALSE, second.put()) == S_OK);
  f.context->ExecuteCommandList(second.get(), FALSE);
  checkWritten(f, texture.get(), 0, 2, 3);
  CHECK(words(f.readBuffer(dims.get()))[2] == 3);
  f.context->ExecuteCommandList(first.get(), FALSE);
  checkWritten(f, texture.get(), 0, 2, 3);
}
