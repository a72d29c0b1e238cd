// The backend's internal shaders (src/vk/meta_shaders.cpp) are valid SPIR-V for Vulkan 1.3, every
// variant, checked by SPIRV-Tools' validator as the compiler's output is.
#include <catch2/catch.hpp>

#include "spirv_validate.h"
#include "vk/meta_shaders.h"

TEST_CASE("every depth-stencil packing shader validates for Vulkan 1.3", "[spirv]") {
  for (uint32_t packing = 0; packing < vk::kDepthStencilPackings; ++packing)
    for (bool unpack : {false, true}) {
      INFO("packing " << packing << (unpack ? ", unpack" : ", pack"));
      const std::vector<uint32_t> words = vk::depthStencilPackShader(vk::DepthStencilPacking(packing), unpack);
      REQUIRE(words.size() > 5);
      CHECK(spirv_test::validate(words, 3) == "");
    }
}

TEST_CASE("the full-screen vertex shader, every resolve and every mips shader validate for Vulkan 1.3", "[spirv]") {
  CHECK(spirv_test::validate(vk::fullscreenVertexShader(), 3) == "");
  for (uint32_t samples : {2u, 4u, 8u, 16u}) {
    INFO("resolve, " << samples << " samples");
    CHECK(spirv_test::validate(vk::resolveFragmentShader(samples), 3) == "");
  }
  for (uint32_t dimension = 0; dimension < vk::kMipsDimensions; ++dimension) {
    INFO("mips, dimension " << dimension);
    CHECK(spirv_test::validate(vk::mipsFragmentShader(vk::MipsDimension(dimension)), 3) == "");
  }
}

TEST_CASE("every A8 render-target copy shader validates for Vulkan 1.3", "[spirv]") {
  for (bool toShadow : {false, true})
    for (uint32_t shape = 0; shape < 3; ++shape) {
      INFO("toShadow " << toShadow << ", shape " << shape);
      CHECK(spirv_test::validate(vk::alphaCopyFragmentShader(toShadow, vk::AlphaCopyShape(shape)), 3) == "");
    }
}
