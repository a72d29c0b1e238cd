// The demo's shaders as D3D assembly text, assembled to DXBC at run time (no HLSL compiler here).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace demo {

// Constant buffer cb0, shared by the vertex and pixel shaders (16-byte registers).
struct SceneConstants {
  float viewProjection[4][4];  // cb0[0..3]: rows, so clip.i = dot(row i, world position)
  float rotation[4];           // cb0[4].x: the cubes' spin angle in radians
  float lightDirection[4];     // cb0[5].xyz: unit vector towards the light
  float lighting[4];           // cb0[6].x: ambient, cb0[6].y: 1 - ambient (diffuse weight)
};

// Per-vertex data in slot 0.
struct CubeVertex {
  float position[3];
  float normal[3];
  float uv[2];
};

// Per-instance data in slot 1.
struct CubeInstance {
  float offset[3];
  float phase;  // added to the spin angle so neighbouring cubes are not all aligned
  float color[4];
};

// The size of the texture the compute shader writes and the size of its checker squares.
constexpr uint32_t kTextureSize = 64;
constexpr uint32_t kCheckerSquare = 8;

std::string vertexShaderText();
std::string pixelShaderText();
std::string computeShaderText();

// Assembles the text with the project's assembler. Throws std::runtime_error naming the shader.
std::vector<uint8_t> assembleShader(const char* name, const std::string& text);

}  // namespace demo
