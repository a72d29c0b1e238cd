// Finding the shared DXBC corpus from the tests (the path comes from meson).
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace dxbc_test {

inline std::string corpusDir() { return DXBC_CORPUS_DIR "/vkd3d-d3d12-tests"; }

inline bool corpusPresent() { return std::filesystem::is_directory(corpusDir()); }

// Every blob, sorted so failures name the same file from run to run.
inline std::vector<std::string> corpusFiles() {
  std::vector<std::string> files;
  if (!corpusPresent())
    return files;
  for (const auto& entry : std::filesystem::directory_iterator(corpusDir()))
    if (entry.path().extension() == ".dxbc")
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

inline std::string corpusFile(const std::string& name) { return corpusDir() + "/" + name; }

}  // namespace dxbc_test
