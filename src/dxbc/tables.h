// The comment tables of a disassembly (signatures, resource bindings, buffer definitions): written
// by the disassembler and read back by the assembler.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dxbc/reflection.h"
#include "dxbc/signature.h"

namespace dxbc {

std::string formatSignatureTable(const Signature& signature);
std::string formatReflectionTables(const Reflection& reflection);

struct CommentTables {
  std::vector<Signature> signatures;  // in text order
  bool hasReflection = false;
  Reflection reflection;
  std::vector<std::string> chunkOrder;  // from "// Chunks:", when present
  std::string codeChunk;                // from "// Code chunk:", when present
  std::optional<uint64_t> featureFlags; // from "// Shader feature flags:" (the SFI0 chunk)
};

// Reads the tables out of assembly text; throws dxbc::Error with a line number on a malformed row.
CommentTables parseCommentTables(const std::string& text);

}  // namespace dxbc
