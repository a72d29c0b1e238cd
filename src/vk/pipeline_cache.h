// PipelineCache: the VkPipelineCache every pipeline is created through, loaded from and saved to
// a file per executable and driver (docs/pipelines.md), so a second run skips shader compilation.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "vk/vulkan_api.h"

namespace vk {

class Device;

class PipelineCache {
public:
  // The file comes from the environment: fileFromEnvironment().
  explicit PipelineCache(Device& device);
  // An explicit file; nullopt keeps the cache in memory only.
  PipelineCache(Device& device, std::optional<std::filesystem::path> file);
  // Saves (see save()), then destroys the VkPipelineCache.
  ~PipelineCache();
  PipelineCache(const PipelineCache&) = delete;
  PipelineCache& operator=(const PipelineCache&) = delete;

  VkPipelineCache handle() const { return m_cache; }
  // Empty when the cache is in memory only.
  const std::optional<std::filesystem::path>& file() const { return m_file; }
  // Whether the file's contents were accepted and handed to Vulkan at creation.
  bool loadedFromFile() const { return m_loaded; }
  // Writes the cache data to the file (a temporary file renamed over it) when it changed since it
  // was loaded. A failure is logged, never thrown: losing the cache only costs compile time.
  void save();

  // D3D11VK_PIPELINE_CACHE_PATH (a folder; "none" disables), else $XDG_CACHE_HOME/d3d11vk or
  // $HOME/.cache/d3d11vk natively, %LOCALAPPDATA%\d3d11vk on Windows; the file in it is named
  // from the executable and the driver's pipelineCacheUUID. nullopt: no disk cache.
  static std::optional<std::filesystem::path> fileFromEnvironment(const VkPhysicalDeviceProperties& properties);
  // "<exe>_<pipelineCacheUUID as hex>.vkpipelinecache"
  static std::string fileName(const std::string& exeBaseName, const VkPhysicalDeviceProperties& properties);
  // Whether `data` starts with the header vkGetPipelineCacheData writes (version one) for this
  // very device and driver. Vulkan ignores mismatching data itself, but a truncated or garbled file
  // must never reach a driver.
  static bool matchesDevice(const uint8_t* data, size_t size, const VkPhysicalDeviceProperties& properties);
  // The file's contents around the Vulkan data: a header with a magic, the size and a checksum.
  static std::vector<uint8_t> wrap(const std::vector<uint8_t>& vulkanData);
  // The Vulkan data inside a file's contents, or nullopt with *why set when the file is damaged.
  static std::optional<std::vector<uint8_t>> unwrap(const std::vector<uint8_t>& fileData, std::string* why);

private:
  std::vector<uint8_t> load();

  Device& m_device;
  std::optional<std::filesystem::path> m_file;
  VkPipelineCache m_cache = VK_NULL_HANDLE;
  bool m_loaded = false;
  // Checksum of the Vulkan data the file holds (as loaded or last saved): an unchanged cache is not rewritten.
  std::optional<uint64_t> m_fileChecksum;
};

}  // namespace vk
