// Leveled logging: one logger per module (each DLL or program), writing to stderr and to a log
// file per executable and module, configured from D3D11VK_LOG_LEVEL and D3D11VK_LOG_PATH.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

namespace util {

// Each final binary (d3d11, dxgi, a test or tool) defines this to name its log file and lines.
const char* moduleName();

namespace log {

enum class Level { Trace = 0, Debug, Info, Warn, Error, None };

std::optional<Level> parseLevel(std::string_view text);
const char* levelName(Level level);

struct Settings {
  Level level = Level::Info;
  std::string filePath;      // empty: no log file
  bool toStderr = true;
  std::string problem;       // a message about a bad variable, logged once the logger opens
};

// D3D11VK_LOG_LEVEL (trace|debug|info|warn|error|none, default info) and D3D11VK_LOG_PATH
// (a folder for "<exe>_<module>.log"; "none" disables the file; default: the working folder).
Settings settingsFromEnvironment(std::string_view exeBaseName, std::string_view module);

class Logger {
public:
  // The module's logger, configured from the environment on first use; writes the banner then.
  static Logger& instance();

  explicit Logger(const Settings& settings);
  ~Logger();
  Logger(const Logger&) = delete;
  Logger& operator=(const Logger&) = delete;

  bool enabled(Level level) const { return level >= m_level && m_level != Level::None; }
  // A second destination for this module's warnings and errors, whatever the level: DXGI's info
  // queue once the DXGI debug layer is on (src/dxgi/dxgi_debug.cpp). Null for none.
  using Sink = void (*)(Level level, std::string_view message);
  void setSink(Sink sink) { m_sink.store(sink); }
  // Whether a line at `level` goes anywhere: the log, or the sink.
  bool wanted(Level level) const {
    return enabled(level) || (level >= Level::Warn && level != Level::None && m_sink.load() != nullptr);
  }
  void write(Level level, std::string_view message);
  Level level() const { return m_level; }
  const std::string& filePath() const { return m_filePath; }

private:
  std::mutex m_mutex;
  Level m_level;
  bool m_toStderr;
  std::string m_filePath;
  std::FILE* m_file = nullptr;
  std::atomic<Sink> m_sink{nullptr};
};

template <typename... Args>
void write(Level level, const Args&... args) {
  Logger& logger = Logger::instance();
  if (!logger.wanted(level))
    return;
  std::ostringstream stream;
  (stream << ... << args);
  logger.write(level, stream.str());
}

template <typename... Args> void trace(const Args&... args) { write(Level::Trace, args...); }
template <typename... Args> void debug(const Args&... args) { write(Level::Debug, args...); }
template <typename... Args> void info(const Args&... args) { write(Level::Info, args...); }
template <typename... Args> void warn(const Args&... args) { write(Level::Warn, args...); }
template <typename... Args> void error(const Args&... args) { write(Level::Error, args...); }

// "Class::Method" from a compiler's __PRETTY_FUNCTION__ text, for not-implemented messages.
std::string functionName(std::string_view prettyFunction);

}  // namespace log
}  // namespace util

// Logs a message the first time this line runs and never again (per process and module).
#define D3D11VK_LOG_ONCE(level, ...)                                    \
  do {                                                                  \
    static std::atomic<bool> d3d11vkLoggedOnce_{false};                 \
    if (!d3d11vkLoggedOnce_.exchange(true))                             \
      ::util::log::write(::util::log::Level::level, __VA_ARGS__);       \
  } while (0)

// Marks a method as not implemented yet: logs once, naming the method. docs/STATUS.md lists these.
#define D3D11VK_NOT_IMPLEMENTED()                                                              \
  D3D11VK_LOG_ONCE(Warn, "not implemented: ", ::util::log::functionName(__PRETTY_FUNCTION__))
