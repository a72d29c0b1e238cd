// ScopedEnv: sets (or unsets) an environment variable for one scope of a test and restores the
// previous value afterwards.
#pragma once

#include <cstdlib>
#include <string>

namespace test {

class ScopedEnv {
public:
  ScopedEnv(const char* name, const char* value) : m_name(name) {
    if (const char* old = std::getenv(name))
      m_old = old, m_hadOld = true;
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (m_hadOld)
      setenv(m_name.c_str(), m_old.c_str(), 1);
    else
      unsetenv(m_name.c_str());
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
  std::string m_name, m_old;
  bool m_hadOld = false;
};

}  // namespace test
