// Register type names as fxc writes them.
#include "dxbc/registers.h"

#include <iterator>

namespace dxbc {
namespace {

struct RegisterInfo {
  const char* name;
  bool inlineIndex;
  uint8_t defaultComponents;
};

const RegisterInfo kRegisters[] = {
  {"r", true, 0},   {"v", true, 0},   {"o", true, 0},   {"x", true, 0},
  {"l", false, 1},  {"d", false, 1},  {"s", true, 0},   {"t", true, 0},
  {"cb", true, 0},  {"icb", false, 0}, {"label", true, 0}, {"vPrim", true, 1},
  {"oDepth", true, 1}, {"null", true, 0}, {"rasterizer", true, 0}, {"oMask", true, 1},
  {"m", true, 0},   {"fb", true, 0},  {"ft", true, 0},  {"fp", true, 0},
  {"fi", true, 0},  {"fo", true, 0},  {"vOutputControlPointID", true, 1}, {"vForkInstanceID", true, 1},
  {"vJoinInstanceID", true, 1}, {"vicp", false, 0}, {"vocp", false, 0}, {"vpc", true, 0},
  {"vDomain", true, 0}, {"this", true, 0}, {"u", true, 0}, {"g", true, 0},
  {"vThreadID", true, 0}, {"vThreadGroupID", true, 0}, {"vThreadIDInGroup", true, 0}, {"vCoverage", true, 1},
  {"vThreadIDInGroupFlattened", true, 1}, {"vGSInstanceID", true, 1}, {"oDepthGE", true, 1},
  {"oDepthLE", true, 1}, {"vCycleCounter", true, 0}, {"oStencilRef", true, 1}, {"vInnerCoverage", true, 1},
};

}  // namespace

const char* registerName(uint32_t type) { return type < std::size(kRegisters) ? kRegisters[type].name : nullptr; }

std::optional<uint32_t> registerFromName(const std::string& name) {
  for (uint32_t i = 0; i < std::size(kRegisters); i++)
    if (name == kRegisters[i].name)
      return i;
  return std::nullopt;
}

bool registerIndexInline(uint32_t type) { return type < std::size(kRegisters) ? kRegisters[type].inlineIndex : false; }

uint32_t registerDefaultComponents(uint32_t type) {
  if (type >= std::size(kRegisters))
    return 0;
  return kRegisters[type].defaultComponents == 1 ? 1 : kRegisters[type].defaultComponents;
}

}  // namespace dxbc
