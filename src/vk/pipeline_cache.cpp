// PipelineCache: VkPipelineCache creation from a validated file, and saving it back atomically.
#include "vk/pipeline_cache.h"

#include <atomic>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>

#ifdef _WIN32
#include "util/windows_base.h"
#else
#include <unistd.h>
#endif

#include "util/env.h"
#include "util/log.h"
#include "vk/device.h"
#include "vk/result.h"

namespace vk {

namespace {

// Our header before the Vulkan data: a checksum catches a file truncated or garbled on disk,
// which the Vulkan header alone (32 bytes at the start) would not notice.
constexpr char kMagic[8] = {'D', '3', 'D', '1', '1', 'V', 'K', 'P'};
constexpr uint32_t kFormatVersion = 1;
struct FileHeader {
  char magic[8];
  uint32_t version;
  uint32_t reserved;
  uint64_t dataSize;
  uint64_t checksum;
};
static_assert(sizeof(FileHeader) == 32);

// FNV-1a 64: a checksum against damage, not an adversary.
uint64_t checksum(const uint8_t* data, size_t size) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < size; i++)
    hash = (hash ^ data[i]) * 0x100000001b3ull;
  return hash;
}

uint32_t readU32(const uint8_t* data) {
  uint32_t value;
  std::memcpy(&value, data, 4);
  return value;
}

unsigned long processId() {
#ifdef _WIN32
  return GetCurrentProcessId();
#else
  return static_cast<unsigned long>(getpid());
#endif
}

}  // namespace

PipelineCache::PipelineCache(Device& device) : PipelineCache(device, fileFromEnvironment(device.properties())) {}

PipelineCache::PipelineCache(Device& device, std::optional<std::filesystem::path> file)
    : m_device(device), m_file(std::move(file)) {
  std::vector<uint8_t> initial = load();
  auto info = makeStruct<VkPipelineCacheCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO);
  info.initialDataSize = initial.size();
  info.pInitialData = initial.empty() ? nullptr : initial.data();
  VkResult result = device.functions().vkCreatePipelineCache(device.handle(), &info, nullptr, &m_cache);
  if (result < 0 && !initial.empty()) {
    // A driver that still refuses data it wrote itself: start empty rather than fail the device.
    util::log::warn("pipeline cache: the driver refused ", m_file->string(), " (", resultName(result), "), starting empty");
    info.initialDataSize = 0;
    info.pInitialData = nullptr;
    m_loaded = false;
    m_fileChecksum.reset();
    result = device.functions().vkCreatePipelineCache(device.handle(), &info, nullptr, &m_cache);
  }
  check(result, "vkCreatePipelineCache");
}

PipelineCache::~PipelineCache() {
  save();
  m_device.functions().vkDestroyPipelineCache(m_device.handle(), m_cache, nullptr);
}

std::optional<std::filesystem::path> PipelineCache::fileFromEnvironment(const VkPhysicalDeviceProperties& properties) {
  std::filesystem::path folder;
  if (auto configured = util::getEnv("D3D11VK_PIPELINE_CACHE_PATH"); configured && !configured->empty()) {
    if (*configured == "none")
      return std::nullopt;
    folder = *configured;
  } else {
#ifdef _WIN32
    auto localAppData = util::getEnv("LOCALAPPDATA");
    if (!localAppData || localAppData->empty()) {
      util::log::warn("pipeline cache: %LOCALAPPDATA% is not set, the cache stays in memory");
      return std::nullopt;
    }
    folder = std::filesystem::path(*localAppData) / "d3d11vk";
#else
    if (auto xdg = util::getEnv("XDG_CACHE_HOME"); xdg && !xdg->empty()) {
      folder = std::filesystem::path(*xdg) / "d3d11vk";
    } else if (auto home = util::getEnv("HOME"); home && !home->empty()) {
      folder = std::filesystem::path(*home) / ".cache" / "d3d11vk";
    } else {
      util::log::warn("pipeline cache: neither XDG_CACHE_HOME nor HOME is set, the cache stays in memory");
      return std::nullopt;
    }
#endif
  }
  return folder / fileName(util::exeBaseName(), properties);
}

std::string PipelineCache::fileName(const std::string& exeBaseName, const VkPhysicalDeviceProperties& properties) {
  std::string name = exeBaseName.empty() ? std::string("unknown") : exeBaseName;
  name += '_';
  char hex[3];
  for (uint8_t byte : properties.pipelineCacheUUID) {
    std::snprintf(hex, sizeof hex, "%02x", byte);
    name += hex;
  }
  return name + ".vkpipelinecache";
}

bool PipelineCache::matchesDevice(const uint8_t* data, size_t size, const VkPhysicalDeviceProperties& properties) {
  // VkPipelineCacheHeaderVersionOne: headerSize, headerVersion, vendorID, deviceID, UUID[16].
  constexpr size_t kHeaderOneSize = 16 + VK_UUID_SIZE;
  if (size < kHeaderOneSize)
    return false;
  uint32_t headerSize = readU32(data);
  return headerSize >= kHeaderOneSize && headerSize <= size &&
         readU32(data + 4) == VK_PIPELINE_CACHE_HEADER_VERSION_ONE && readU32(data + 8) == properties.vendorID &&
         readU32(data + 12) == properties.deviceID &&
         std::memcmp(data + 16, properties.pipelineCacheUUID, VK_UUID_SIZE) == 0;
}

std::vector<uint8_t> PipelineCache::wrap(const std::vector<uint8_t>& vulkanData) {
  FileHeader header{};
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.version = kFormatVersion;
  header.dataSize = vulkanData.size();
  header.checksum = checksum(vulkanData.data(), vulkanData.size());
  std::vector<uint8_t> file(sizeof header + vulkanData.size());
  std::memcpy(file.data(), &header, sizeof header);
  if (!vulkanData.empty())
    std::memcpy(file.data() + sizeof header, vulkanData.data(), vulkanData.size());
  return file;
}

std::optional<std::vector<uint8_t>> PipelineCache::unwrap(const std::vector<uint8_t>& fileData, std::string* why) {
  FileHeader header{};
  if (fileData.size() < sizeof header) {
    *why = "shorter than its header";
    return std::nullopt;
  }
  std::memcpy(&header, fileData.data(), sizeof header);
  if (std::memcmp(header.magic, kMagic, sizeof kMagic) != 0) {
    *why = "not a d3d11vk pipeline cache";
    return std::nullopt;
  }
  if (header.version != kFormatVersion) {
    *why = "format version " + std::to_string(header.version) + ", expected " + std::to_string(kFormatVersion);
    return std::nullopt;
  }
  if (header.dataSize != fileData.size() - sizeof header) {
    *why = "truncated or extended (size mismatch)";
    return std::nullopt;
  }
  const uint8_t* data = fileData.data() + sizeof header;
  if (checksum(data, size_t(header.dataSize)) != header.checksum) {
    *why = "checksum mismatch";
    return std::nullopt;
  }
  return std::vector<uint8_t>(data, data + header.dataSize);
}

std::vector<uint8_t> PipelineCache::load() {
  if (!m_file)
    return {};
  std::ifstream in(*m_file, std::ios::binary);
  if (!in) {
    util::log::info("pipeline cache: ", m_file->string(), " (new)");
    return {};
  }
  std::vector<uint8_t> contents((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string why;
  std::optional<std::vector<uint8_t>> data = unwrap(contents, &why);
  if (!data) {
    util::log::warn("pipeline cache: ignoring ", m_file->string(), ": ", why);
    return {};
  }
  if (!matchesDevice(data->data(), data->size(), m_device.properties())) {
    // Another driver version or GPU wrote it: expected after an update, and the file is rewritten.
    util::log::info("pipeline cache: ", m_file->string(), " is for another device or driver, starting empty");
    return {};
  }
  util::log::info("pipeline cache: loaded ", data->size(), " bytes from ", m_file->string());
  m_loaded = true;
  m_fileChecksum = checksum(data->data(), data->size());
  return std::move(*data);
}

void PipelineCache::save() {
  if (!m_file || m_cache == VK_NULL_HANDLE)
    return;
  const DeviceFunctions& vk = m_device.functions();
  std::vector<uint8_t> data;
  // The size can grow between the two calls if another thread creates pipelines: retry on
  // VK_INCOMPLETE rather than write a partial cache.
  VkResult result;
  do {
    size_t size = 0;
    result = vk.vkGetPipelineCacheData(m_device.handle(), m_cache, &size, nullptr);
    if (result < 0)
      break;
    data.resize(size);
    result = vk.vkGetPipelineCacheData(m_device.handle(), m_cache, &size, data.data());
    data.resize(size);
  } while (result == VK_INCOMPLETE);
  if (result < 0) {
    util::log::warn("pipeline cache: vkGetPipelineCacheData failed (", resultName(result), "), not saved");
    return;
  }
  if (!matchesDevice(data.data(), data.size(), m_device.properties())) {
    util::log::warn("pipeline cache: the driver's data has no valid header, not saved");
    return;
  }
  uint64_t sum = checksum(data.data(), data.size());
  if (m_fileChecksum == sum)
    return;
  std::error_code error;
  std::filesystem::create_directories(m_file->parent_path(), error);
  if (error) {
    util::log::warn("pipeline cache: cannot create ", m_file->parent_path().string(), ": ", error.message());
    return;
  }
  // Written beside the final file and renamed over it, so a crash or a second process never
  // leaves a half-written cache under the real name. The name is also unique within the process:
  // two devices of one executable on one GPU save the same file, possibly at the same moment (a
  // D3D10.1 and a D3D11 device released on two threads), and with the process id alone both
  // would truncate and write one temporary file (issue #29).
  static std::atomic<uint32_t> saves{0};
  std::filesystem::path temporary = *m_file;
  temporary += ".tmp" + std::to_string(processId()) + "-" + std::to_string(saves.fetch_add(1));
  std::vector<uint8_t> contents = wrap(data);
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(contents.data()), std::streamsize(contents.size()));
    out.close();
    if (!out) {
      util::log::warn("pipeline cache: cannot write ", temporary.string());
      std::filesystem::remove(temporary, error);
      return;
    }
  }
  std::filesystem::rename(temporary, *m_file, error);
  if (error) {
    util::log::warn("pipeline cache: cannot rename ", temporary.string(), " to ", m_file->string(), ": ", error.message());
    std::filesystem::remove(temporary, error);
    return;
  }
  m_fileChecksum = sum;
  util::log::debug("pipeline cache: saved ", data.size(), " bytes to ", m_file->string());
}

}  // namespace vk
