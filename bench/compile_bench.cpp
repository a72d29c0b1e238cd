// Shader compile benchmark: dxbc::compile over the DXBC corpus in one warm process, then Debian's
// vkd3d-compiler over the same files (one process per shader, with its start-up measured apart).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "dxbc/compiler.h"

namespace {

using Clock = std::chrono::steady_clock;

double micros(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

struct Stats {
  double median = 0, p90 = 0, max = 0;
};

Stats stats(std::vector<double> values) {
  Stats s;
  if (values.empty())
    return s;
  std::sort(values.begin(), values.end());
  s.median = values[values.size() / 2];
  s.p90 = values[std::min(values.size() - 1, values.size() * 9 / 10)];
  s.max = values.back();
  return s;
}

// Runs a command with stdout/stderr discarded and returns its wall time, or a negative value if
// it could not start or failed.
double runProcess(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const std::string& a : args)
    argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  Clock::time_point start = Clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    FILE* null = std::fopen("/dev/null", "w");
    if (null) {
      dup2(fileno(null), 1);
      dup2(fileno(null), 2);
    }
    execv(argv[0], argv.data());
    _exit(127);
  }
  if (pid < 0)
    return -1;
  int status = 0;
  waitpid(pid, &status, 0);
  double t = micros(Clock::now() - start);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? t : -1;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = argc > 1 ? argv[1] : BENCH_CORPUS_DIR;
  std::string vkd3d = argc > 2 ? argv[2] : "/usr/bin/vkd3d-compiler";
  const int rounds = 20;
  std::vector<std::string> files;
  if (std::filesystem::is_directory(dir))
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
      if (entry.path().extension() == ".dxbc")
        files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    std::fprintf(stderr, "compile_bench: no .dxbc files under %s\n", dir.c_str());
    return 1;
  }
  std::vector<std::vector<uint8_t>> blobs;
  for (const std::string& f : files) {
    std::ifstream in(f, std::ios::binary);
    blobs.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }

  // Ours: one warm-up pass (first-touch allocations, caches), then each shader's median of `rounds` runs.
  std::vector<bool> compiles(blobs.size());
  for (size_t i = 0; i < blobs.size(); i++)
    compiles[i] = dxbc::compile(blobs[i]).ok();
  std::vector<double> ours;
  size_t spirvWords = 0;
  for (size_t i = 0; i < blobs.size(); i++) {
    if (!compiles[i])
      continue;
    std::vector<double> runs;
    for (int r = 0; r < rounds; r++) {
      Clock::time_point start = Clock::now();
      dxbc::CompileResult result = dxbc::compile(blobs[i]);
      runs.push_back(micros(Clock::now() - start));
      spirvWords += r == 0 ? result.spirv.size() : 0;
    }
    ours.push_back(stats(runs).median);
  }
  Stats o = stats(ours);
  std::printf("d3d11vk dxbc::compile, in process, warm: %zu shaders (%zu refused), median of %d runs each\n",
              ours.size(), blobs.size() - ours.size(), rounds);
  std::printf("  per shader: median %.1f us, p90 %.1f us, max %.1f us; %.1f KiB of SPIR-V in all\n", o.median, o.p90,
              o.max, spirvWords * 4 / 1024.0);

  if (access(vkd3d.c_str(), X_OK) != 0) {
    std::printf("%s not found: no comparison\n", vkd3d.c_str());
    return 0;
  }
  // vkd3d-compiler is a separate process per shader, so its wall time includes exec and start-up;
  // `--version` measures that start-up alone to subtract it.
  std::vector<double> startup;
  for (int r = 0; r < 50; r++)
    startup.push_back(runProcess({vkd3d, "--version"}));
  double start = stats(startup).median;
  std::vector<double> theirs, theirsNet;
  size_t theirFailures = 0;
  for (size_t i = 0; i < files.size(); i++) {
    if (!compiles[i])
      continue;  // the same set of shaders as ours
    std::vector<double> runs;
    for (int r = 0; r < 3; r++)
      runs.push_back(runProcess({vkd3d, "-x", "dxbc-tpf", "-b", "spirv-binary", "-o", "/dev/null", files[i]}));
    double t = stats(runs).median;
    if (t < 0) {
      theirFailures++;
      continue;
    }
    theirs.push_back(t);
    theirsNet.push_back(std::max(0.0, t - start));
  }
  Stats v = stats(theirs), n = stats(theirsNet);
  std::printf("vkd3d-compiler (%s), one process per shader, median of 3 runs each: %zu shaders (%zu failed)\n",
              vkd3d.c_str(), theirs.size(), theirFailures);
  std::printf("  process start-up (--version): median %.1f us\n", start);
  std::printf("  per shader, wall: median %.1f us, p90 %.1f us, max %.1f us\n", v.median, v.p90, v.max);
  std::printf("  per shader, wall minus start-up: median %.1f us, p90 %.1f us, max %.1f us\n", n.median, n.p90, n.max);
  if (o.median > 0)
    std::printf("ratio of medians, vkd3d-compiler minus start-up / d3d11vk: %.1fx (wall: %.1fx)\n", n.median / o.median,
                v.median / o.median);
  return 0;
}
