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
