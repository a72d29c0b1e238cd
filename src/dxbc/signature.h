// Input/output/patch-constant signatures: ISGN/ISG1, OSGN/OSG5/OSG1, PCSG/PSG1 chunks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dxbc/container.h"

namespace dxbc {

// The element layouts differ by chunk: 24 bytes (ISGN/OSGN/PCSG), 28 with a stream (OSG5),
// 32 with stream and minimum precision (ISG1/OSG1/PSG1).
enum class SignatureLayout { Basic, WithStream, WithStreamAndPrecision };

struct SignatureElement {
  uint32_t stream = 0;
  std::string semanticName;
  uint32_t semanticIndex = 0;
  uint32_t systemValue = 0;    // D3D_NAME
  uint32_t componentType = 0;  // 0 unknown, 1 uint, 2 int, 3 float
  uint32_t registerIndex = 0;
  uint8_t mask = 0;
  uint8_t rwMask = 0;          // inputs: components the shader reads; outputs: never written
  uint32_t minPrecision = 0;   // D3D_MIN_PRECISION
};

struct Signature {
  FourCC code = 0;
  SignatureLayout layout = SignatureLayout::Basic;
  std::vector<SignatureElement> elements;

  static Signature parse(const Chunk& chunk);
  // The chunk bytes Microsoft's compiler writes: names deduplicated in first-use order, padded
  // with 0xAB.
  Chunk write() const;
};

bool isSignatureChunk(FourCC code);
SignatureLayout signatureLayoutOf(FourCC code);

// Names used in the disassembly tables (fxc's abbreviations).
const char* systemValueName(uint32_t value);           // "POS", "TARGET", ... or nullptr
std::optional<uint32_t> systemValueFromName(const std::string& name);
const char* componentTypeName(uint32_t value);         // "uint", "int", "float", "unknown" or nullptr
std::optional<uint32_t> componentTypeFromName(const std::string& name);
const char* minPrecisionName(uint32_t value);          // "min16f", ... or nullptr
std::optional<uint32_t> minPrecisionFromName(const std::string& name);

}  // namespace dxbc
