// Logger implementation: settings from the environment, file and stderr sinks, start-up banner.
#include "util/log.h"

#include <chrono>
#include <cstdio>
#include <ctime>

#include "util/env.h"

namespace util::log {

std::optional<Level> parseLevel(std::string_view text) {
  static constexpr std::pair<std::string_view, Level> names[] = {
    {"trace", Level::Trace}, {"debug", Level::Debug}, {"info", Level::Info},
    {"warn", Level::Warn},   {"error", Level::Error}, {"none", Level::None},
  };
  for (const auto& [name, level] : names) {
    if (name == text)
      return level;
  }
  return std::nullopt;
}

const char* levelName(Level level) {
  switch (level) {
    case Level::Trace: return "trace";
    case Level::Debug: return "debug";
    case Level::Info: return "info";
    case Level::Warn: return "warn";
    case Level::Error: return "error";
    case Level::None: return "none";
  }
  return "?";
}

Settings settingsFromEnvironment(std::string_view exeBaseName, std::string_view module) {
  Settings settings;
  if (auto levelText = getEnv("D3D11VK_LOG_LEVEL")) {
    if (auto level = parseLevel(*levelText))
      settings.level = *level;
    else
      settings.problem = "D3D11VK_LOG_LEVEL='" + *levelText +
                         "' is not one of trace, debug, info, warn, error, none; using info";
  }
  if (settings.level == Level::None)
    return settings;

  std::string folder = getEnv("D3D11VK_LOG_PATH").value_or("");
  if (folder == "none")
    return settings;
  if (!folder.empty() && folder.back() != '/' && folder.back() != '\\')
    folder += '/';
  settings.filePath = folder + std::string(exeBaseName) + "_" + std::string(module) + ".log";
  return settings;
}

Logger& Logger::instance() {
  // Constructed on first use and never destroyed: DLL unload order must not race a late log line.
  static Logger* logger = [] {
    Settings settings = settingsFromEnvironment(exeBaseName(), moduleName());
    auto* created = new Logger(settings);
    created->write(Level::Info, std::string("d3d11vk ") + D3D11VK_VERSION + " (" + moduleName() + ")");
    created->write(Level::Info, "executable: " + exePath() + " on " + platformDescription());
    if (!settings.problem.empty())
      created->write(Level::Warn, settings.problem);
    return created;
  }();
  return *logger;
}

Logger::Logger(const Settings& settings)
    : m_level(settings.level), m_toStderr(settings.toStderr), m_filePath(settings.filePath) {
  if (m_level == Level::None || m_filePath.empty())
    return;
  m_file = std::fopen(m_filePath.c_str(), "w");
  if (!m_file) {
    if (m_toStderr)
      std::fprintf(stderr, "[d3d11vk] warn: cannot open log file '%s'; logging to stderr only\n",
                   m_filePath.c_str());
    m_filePath.clear();
  }
}

Logger::~Logger() {
  if (m_file)
    std::fclose(m_file);
}

void Logger::write(Level level, std::string_view message) {
  if (level >= Level::Warn && level != Level::None)
    if (Sink sink = m_sink.load())
      sink(level, message);
  if (!enabled(level))
    return;
  using namespace std::chrono;
  auto now = system_clock::now();
  std::time_t seconds = system_clock::to_time_t(now);
  int millis = int(duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000);
  std::tm local{};
#ifdef _WIN32
  localtime_s(&local, &seconds);
#else
  localtime_r(&seconds, &local);
#endif
  char stamp[32];
  std::snprintf(stamp, sizeof(stamp), "%02d:%02d:%02d.%03d", local.tm_hour, local.tm_min, local.tm_sec, millis);

  std::lock_guard lock(m_mutex);
  if (m_file) {
    std::fprintf(m_file, "%s %s: %.*s\n", stamp, levelName(level), int(message.size()), message.data());
    std::fflush(m_file);
  }
  if (m_toStderr)
    std::fprintf(stderr, "[d3d11vk:%s] %s: %.*s\n", moduleName(), levelName(level), int(message.size()), message.data());
}

std::string functionName(std::string_view pretty) {
  // The parameter list is the last balanced (...) group; attributes such as
  // __attribute__((ms_abi)) may put other parentheses before the name.
  size_t open = pretty.find('(');
  size_t close = pretty.rfind(')');
  if (close != std::string_view::npos) {
    int depth = 0;
    for (size_t i = close + 1; i-- > 0;) {
      if (pretty[i] == ')')
        depth++;
      else if (pretty[i] == '(' && --depth == 0) {
        open = i;
        break;
      }
    }
  }
  std::string_view head = pretty.substr(0, open);
  size_t space = head.find_last_of(' ');
  if (space != std::string_view::npos)
    head = head.substr(space + 1);
  constexpr std::string_view prefix = "d3d11vk::";
  if (head.substr(0, prefix.size()) == prefix)
    head = head.substr(prefix.size());
  return std::string(head);
}

}  // namespace util::log
