// The text dump of recorded commands (command_dump.h).
#include "vk/command_dump.h"

#include <charconv>

namespace vk {

namespace {

template <typename T>
concept Describable = requires(const T& command, CommandFields& out) { command.describe(out); };

template <typename T>
void describeFields(const T& command, const CommandHeader& header, std::string& line) {
  CommandFields out(line);
  if constexpr (Describable<T>)
    command.describe(out);
  else
    out("size", header.size);
}

}  // namespace

void CommandFields::start(const char* name) {
  m_line += ' ';
  m_line += name;
  m_line += '=';
}

void CommandFields::putUnsigned(uint64_t value, bool hex) {
  char text[24];
  if (hex) {
    text[0] = '0';
    text[1] = 'x';
    m_line.append(text, std::to_chars(text + 2, text + sizeof(text), value, 16).ptr);
  } else {
    m_line.append(text, std::to_chars(text, text + sizeof(text), value).ptr);
  }
}

void CommandFields::putSigned(int64_t value) { m_line += std::to_string(value); }

void CommandFields::putFloat(double value) {
  char text[32];
  m_line.append(text, std::to_chars(text, text + sizeof(text), value).ptr);
}

void CommandFields::putExtent(uint32_t width, uint32_t height) {
  m_line += std::to_string(width) + 'x' + std::to_string(height);
}

std::string describeCommand(const CommandHeader& header, const void* body) {
  const CommandInfo* info = commandInfo(header.type);
  if (!info)
    return "CommandType(" + std::to_string(uint32_t(header.type)) + ") size=" + std::to_string(header.size);
  std::string line = info->name;
  switch (header.type) {
#define D3D11VK_DESCRIBE(Name, Phase, Predication) \
  case CommandType::Name: describeFields(*static_cast<const Name##Command*>(body), header, line); break;
    D3D11VK_COMMANDS(D3D11VK_DESCRIBE)
#undef D3D11VK_DESCRIBE
    case CommandType::Count: break;
  }
  return line;
}

std::string dumpChunk(const CommandChunk& chunk) {
  std::string text;
  chunk.forEach([&](const CommandHeader& header, const void* body) {
    text += describeCommand(header, body);
    text += '\n';
  });
  return text;
}

}  // namespace vk
