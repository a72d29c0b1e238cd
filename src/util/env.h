// Process facts that logging and configuration need: environment variables, the executable's
// name and folder, and whether we run under Wine.
#pragma once

#include <optional>
#include <string>

namespace util {

// The value of an environment variable, or nullopt when it is not set.
std::optional<std::string> getEnv(const char* name);

// Full path of the running executable, with '/' or '\\' as the platform writes it.
std::string exePath();
// The executable's file name without folder, e.g. "game.exe" or "d3d11vk-tests".
std::string exeName();
// exeName() without a trailing ".exe", for file names derived from it.
std::string exeBaseName();

// True when this PE module runs inside Wine (ntdll exports wine_get_version). Always false natively.
bool runningUnderWine();
// "windows", "wine <version>" or "linux": for the start-up banner.
std::string platformDescription();

}  // namespace util
