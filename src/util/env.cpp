// Process facts: environment variables, executable name and folder, Wine detection.
#include "util/env.h"

#include <cstdlib>
#include <vector>

#ifdef _WIN32
#include "util/windows_base.h"
#else
#include <unistd.h>
#include <climits>
#endif

namespace util {

std::optional<std::string> getEnv(const char* name) {
#ifdef _WIN32
  // GetEnvironmentVariableA sees changes made through SetEnvironmentVariable, which getenv may not.
  DWORD size = GetEnvironmentVariableA(name, nullptr, 0);
  if (size == 0)
    return std::nullopt;
  std::string value(size, '\0');
  DWORD written = GetEnvironmentVariableA(name, value.data(), size);
  value.resize(written);
  return value;
#else
  const char* value = std::getenv(name);
  if (!value)
    return std::nullopt;
  return std::string(value);
#endif
}

std::string exePath() {
#ifdef _WIN32
  std::vector<char> buffer(MAX_PATH);
  for (;;) {
    DWORD length = GetModuleFileNameA(nullptr, buffer.data(), DWORD(buffer.size()));
    if (length == 0)
      return {};
    if (length < buffer.size())
      return std::string(buffer.data(), length);
    buffer.resize(buffer.size() * 2);
  }
#else
  std::vector<char> buffer(PATH_MAX + 1);
  ssize_t length = readlink("/proc/self/exe", buffer.data(), buffer.size() - 1);
  if (length <= 0)
    return {};
  return std::string(buffer.data(), size_t(length));
#endif
}

std::string exeName() {
  std::string path = exePath();
  size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string exeBaseName() {
  std::string name = exeName();
  if (name.size() > 4) {
    std::string tail = name.substr(name.size() - 4);
    for (char& c : tail)
      c = char(std::tolower(static_cast<unsigned char>(c)));
    if (tail == ".exe")
      name.resize(name.size() - 4);
  }
  return name.empty() ? std::string("unknown") : name;
}

#ifdef _WIN32
static const char* wineVersion() {
  HMODULE ntdll = GetModuleHandleA("ntdll.dll");
  if (!ntdll)
    return nullptr;
  using WineGetVersion = const char*(CDECL*)();
  auto proc = reinterpret_cast<WineGetVersion>(reinterpret_cast<void*>(GetProcAddress(ntdll, "wine_get_version")));
  return proc ? proc() : nullptr;
}
#endif

bool runningUnderWine() {
#ifdef _WIN32
  return wineVersion() != nullptr;
#else
  return false;
#endif
}

std::string platformDescription() {
#ifdef _WIN32
  const char* wine = wineVersion();
  return wine ? std::string("wine ") + wine : std::string("windows");
#else
  return "linux (native)";
#endif
}

}  // namespace util
