// d3d11vk-dxbc: disassemble, assemble and describe DXBC shader containers.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "dxbc/container.h"
#include "dxbc/decoder.h"
#include "dxbc/disassembler.h"
#include "dxbc/error.h"
#include "dxbc/opcodes.h"
#include "dxbc/signature.h"
#include "dxbc/tables.h"

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: d3d11vk-dxbc disasm FILE.dxbc [--no-checksum]\n"
               "       d3d11vk-dxbc asm FILE.asm -o FILE.dxbc\n"
               "       d3d11vk-dxbc info FILE.dxbc [--no-checksum]\n"
               "       d3d11vk-dxbc compile FILE.dxbc -o FILE.spv\n"
               "       d3d11vk-dxbc spirv FILE.dxbc [-o OUT.spv]   (default OUT: FILE with .spv for its extension)\n");
  return 2;
}

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw dxbc::Error("cannot open '" + path + "'");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void info(const dxbc::Container& c) {
  std::printf("chunks:\n");
  for (const dxbc::Chunk& chunk : c.chunks())
    std::printf("  %s %zu bytes\n", dxbc::fourCCText(chunk.code).c_str(), chunk.data.size());
  std::printf("checksum: verified\n");
  for (const dxbc::Chunk& chunk : c.chunks())
    if (dxbc::isSignatureChunk(chunk.code))
      std::printf("%s", dxbc::formatSignatureTable(dxbc::Signature::parse(chunk)).c_str());
  const dxbc::Chunk* code = c.findAny({dxbc::makeFourCC("SHEX"), dxbc::makeFourCC("SHDR")});
  if (!code)
    throw dxbc::Error("the container has no shader code (SHDR or SHEX chunk)");
  dxbc::Program program = dxbc::Decoder::decode(*code);
  std::printf("profile: %s\n", program.profileName().c_str());
  size_t declarations = 0, instructions = 0, custom = 0;
  std::map<std::string, size_t> byName;
  std::printf("declared resources:\n");
  for (const dxbc::Instruction& ins : program.instructions) {
    if (ins.opcode == dxbc::op::CustomData) {
      custom++;
      continue;
    }
    const dxbc::OpcodeInfo* op = dxbc::opcodeInfo(ins.opcode);
    if (op->declaration) {
      declarations++;
      std::string name = op->name;
      if (name.rfind("dcl_resource", 0) == 0 || name.rfind("dcl_uav", 0) == 0 || name == "dcl_sampler" ||
          name == "dcl_constantbuffer" || name.rfind("dcl_tgsm", 0) == 0)
        std::printf("  %s\n", dxbc::disassembleInstruction(ins).c_str());
    } else {
      instructions++;
      byName[op->name]++;
    }
  }
  std::printf("instruction counts: %zu instructions, %zu declarations, %zu custom data blocks\n", instructions,
              declarations, custom);
  for (const auto& [name, count] : byName)
    std::printf("  %-24s %zu\n", name.c_str(), count);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3)
    return usage();
  std::string command = argv[1], path = argv[2];
  try {
    // --no-checksum reads a container whose checksum is wrong, as the compiler itself does: a fuzzer's
    // findings (tests/fuzz/regressions) carry none.
    const bool checked = !(argc == 4 && std::string(argv[3]) == "--no-checksum");
    if (command == "disasm" && (argc == 3 || !checked)) {
      dxbc::Container c = dxbc::Container::parse(dxbc::readFile(path), checked);
      std::fputs(dxbc::disassemble(c).c_str(), stdout);
    } else if (command == "info" && (argc == 3 || !checked)) {
      info(dxbc::Container::parse(dxbc::readFile(path), checked));
    } else if (command == "asm" && argc == 5 && std::string(argv[3]) == "-o") {
      std::vector<uint8_t> bytes = dxbc::assemble(readText(path)).write();
      std::ofstream out(argv[4], std::ios::binary);
      out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
      if (!out)
        throw dxbc::Error(std::string("cannot write '") + argv[4] + "'");
    } else if ((command == "compile" && argc == 5 && std::string(argv[3]) == "-o") ||
               (command == "spirv" && (argc == 3 || (argc == 5 && std::string(argv[3]) == "-o")))) {
      std::string output = argc == 5 ? argv[4] : std::filesystem::path(path).replace_extension(".spv").string();
      dxbc::CompileResult result = dxbc::compile(dxbc::readFile(path));
      if (!result.ok())
        throw dxbc::Error(result.error);
      std::ofstream out(output, std::ios::binary);
      out.write(reinterpret_cast<const char*>(result.spirv.data()), std::streamsize(result.spirv.size() * 4));
      if (!out)
        throw dxbc::Error("cannot write '" + output + "'");
    } else {
      return usage();
    }
  } catch (const dxbc::Error& e) {
    std::fprintf(stderr, "d3d11vk-dxbc: %s: %s\n", path.c_str(), e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "d3d11vk-dxbc: %s: internal error: %s\n", path.c_str(), e.what());
    return 1;
  }
  return 0;
}
