// Device requirements: what is required, what is optional, and how missing items are named.
#include <catch2/catch.hpp>

#include <algorithm>

#include "vk/profile_builder.h"

static bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

TEST_CASE("a device with everything enables everything and misses nothing", "[vk][requirements]") {
  vk::DeviceSelection selection = vk::selectDeviceFeatures(test::fullProfile());
  CHECK(selection.missing.empty());
  CHECK(contains(selection.extensions, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME));
  CHECK(selection.features.core.features.geometryShader == VK_TRUE);
  CHECK(selection.features.transformFeedback.transformFeedback == VK_TRUE);
  CHECK(contains(vk::enabledFeatureNames(selection), "dynamicRendering"));
}

TEST_CASE("a missing required feature is named", "[vk][requirements]") {
  vk::DeviceProfile profile = test::fullProfile();
  profile.features.core.features.robustBufferAccess = VK_FALSE;
  profile.features.vk13.dynamicRendering = VK_FALSE;
  vk::DeviceSelection selection = vk::selectDeviceFeatures(profile);
  CHECK(contains(selection.missing, "robustBufferAccess"));
  CHECK(contains(selection.missing, "dynamicRendering"));
  CHECK(selection.missing.size() == 2);
}

TEST_CASE("a missing optional feature is simply not enabled", "[vk][requirements]") {
  vk::DeviceProfile profile = test::fullProfile();
  profile.features.core.features.geometryShader = VK_FALSE;
  vk::DeviceSelection selection = vk::selectDeviceFeatures(profile);
  CHECK(selection.missing.empty());
  CHECK(selection.features.core.features.geometryShader == VK_FALSE);
  CHECK_FALSE(contains(vk::enabledFeatureNames(selection), "geometryShader"));
}

TEST_CASE("extension features are not enabled without their extension", "[vk][requirements]") {
  vk::DeviceProfile profile = test::fullProfile();
  test::dropExtension(profile, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME);
  vk::DeviceSelection selection = vk::selectDeviceFeatures(profile);
  CHECK_FALSE(contains(selection.extensions, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME));
  CHECK(selection.features.transformFeedback.transformFeedback == VK_FALSE);
}

TEST_CASE("an extension is not enabled without the extension it depends on", "[vk][requirements]") {
  vk::DeviceProfile profile = test::fullProfile();
  test::dropExtension(profile, VK_KHR_PIPELINE_LIBRARY_EXTENSION_NAME);
  vk::DeviceSelection selection = vk::selectDeviceFeatures(profile);
  CHECK_FALSE(contains(selection.extensions, VK_EXT_GRAPHICS_PIPELINE_LIBRARY_EXTENSION_NAME));
}

TEST_CASE("a Vulkan 1.2 device is refused with its version named", "[vk][requirements]") {
  vk::DeviceProfile profile = test::fullProfile();
  profile.properties.core.properties.apiVersion = VK_MAKE_API_VERSION(0, 1, 2, 198);
  vk::DeviceSelection selection = vk::selectDeviceFeatures(profile);
  REQUIRE_FALSE(selection.missing.empty());
  CHECK(selection.missing.front().find("1.2.198") != std::string::npos);
}

TEST_CASE("copied feature structures never share a pNext chain", "[vk][requirements]") {
  vk::DeviceFeatures original;
  original.chainFor({VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME});
  REQUIRE(original.core.pNext == &original.vk11);
  vk::DeviceFeatures copy = original;
  CHECK(copy.core.pNext == nullptr);
  copy.chainFor({VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME});
  CHECK(copy.core.pNext == &copy.vk11);
  CHECK(copy.vk13.pNext == &copy.transformFeedback);
  CHECK(copy.transformFeedback.pNext == nullptr);
}

// Wine's winevulkan passes a Windows program only the extensions its version knows (Wine 8.0 hides
// VK_KHR_maintenance5/6 and VK_KHR_load_store_op_none even on drivers that have them), so the PE
// build must run on a device that shows none of the extensions d3d11vk asks for.
TEST_CASE("no extension is required: a device showing none of them still runs", "[vk][requirements]") {
  vk::DeviceProfile profile = test::fullProfile();
  for (const vk::ExtensionRequirement& extension : vk::extensionRequirements()) {
    CHECK(extension.need == vk::Need::Optional);
    profile.extensions.erase(std::remove_if(profile.extensions.begin(), profile.extensions.end(),
                                            [&](const auto& e) { return e == extension.name; }),
                             profile.extensions.end());
  }
  vk::DeviceSelection selection = vk::selectDeviceFeatures(profile);
  CHECK(selection.missing.empty());
  CHECK(selection.extensions.empty());
  // Each lacking extension is named with what its absence costs, for the device's log line.
  REQUIRE(selection.lacking.size() == vk::extensionRequirements().size());
  for (const vk::ExtensionRequirement& extension : vk::extensionRequirements()) {
    INFO(extension.name);
    REQUIRE(extension.without != nullptr);
    CHECK(std::string(extension.without).size() > 8);
    CHECK(contains(selection.lacking, std::string(extension.name) + " (" + extension.without + ")"));
  }
}

TEST_CASE("an extension the device has is not listed as lacking", "[vk][requirements]") {
  vk::DeviceSelection selection = vk::selectDeviceFeatures(test::fullProfile());
  for (const std::string& entry : selection.lacking)
    CHECK(entry.rfind(VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME, 0) != 0);
}
