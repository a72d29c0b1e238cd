// The HUD's two shaders (SPIR-V from spirv::ModuleBuilder): quads from per-instance HudQuad data
// (vk/hud.h), glyph pixels lit from the font bits the instance carries. No descriptors: push
// constants are HudPushConstants (vertex and fragment stages).
#pragma once

#include <cstdint>
#include <vector>

namespace vk {

struct HudPushConstants {
  float pixelToClipX, pixelToClipY;  // 2 / the target's width and height
  float opacity;
  float unused = 0.0f;
};

// Inputs: location 0 vec4 rectangle (x, y, width, height in pixels), location 1 vec4 colour,
// location 2 uvec3 (bits low, bits high, glyph); vertices 0-3 are the corners of a strip.
std::vector<uint32_t> hudVertexShader();
std::vector<uint32_t> hudFragmentShader();

}  // namespace vk
