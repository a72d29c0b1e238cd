// Capability sources: for every CheckFeatureSupport member the caps mapper can report as TRUE or
// non-zero, the code that serves it and the test that proves it (docs/caps.md, Capability
// sources). reportedCapabilities lists what a device profile reports, by the same names, and
// also flags reported bytes no member description covers, so a capability added to the mapper
// without an entry here fails the capability-sources test instead of being reported on trust.
#pragma once

#include <string>
#include <vector>

#include "util/windows_base.h"
#include "vk/device_profile.h"

namespace d3d11vk::caps {

struct CapabilitySource {
  const char* capability;      // "D3D11_OPTIONS2.ROVsSupported"; a tier as "D3D11_OPTIONS1.TiledResourcesTier=1"
  const char* implementation;  // "path: what serves it"
  const char* test;            // "path: the test case that exercises it"
};
const std::vector<CapabilitySource>& capabilitySources();

// The capabilities `profile` reports at `level`: "STRUCT.Member" for a TRUE member,
// "STRUCT.Member=N" for a tier or count, "FORMAT_SUPPORT2.TILED" when any format reports the
// TILED bit, "STRUCT: unlisted bytes" when the structure holds reported bytes no member covers.
std::vector<std::string> reportedCapabilities(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level);

}  // namespace d3d11vk::caps
