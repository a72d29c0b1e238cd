// Adapter: one Vulkan physical device with its profile; it creates logical devices.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "vk/device_profile.h"

namespace vk {

class Instance;
class Device;

class Adapter {
public:
  Adapter(std::shared_ptr<Instance> instance, VkPhysicalDevice device);

  const std::shared_ptr<Instance>& instance() const { return m_instance; }
  VkPhysicalDevice handle() const { return m_device; }
  const DeviceProfile& profile() const { return m_profile; }

  // "llvmpipe (LLVM 15.0.6, 256 bits), Vulkan 1.3.230, llvmpipe Mesa 22.3.6"
  std::string description() const;

  // The memory heaps as the driver reports them now (not from the profile: budgets change as this
  // and other processes allocate). budget and usage come from VK_EXT_memory_budget where the
  // device has it (budgetKnown); without it budget is the heap's size and usage 0.
  struct HeapBudget {
    VkDeviceSize size = 0, budget = 0, usage = 0;
    bool deviceLocal = false;
  };
  struct MemoryBudget {
    std::vector<HeapBudget> heaps;
    bool budgetKnown = false;
  };
  MemoryBudget memoryBudget() const;

  // Creates a logical device with every required feature and every optional one the device has.
  // Throws std::runtime_error naming each missing requirement, or vk::Error.
  std::unique_ptr<Device> createDevice() const;

private:
  std::shared_ptr<Instance> m_instance;
  VkPhysicalDevice m_device;
  DeviceProfile m_profile;
};

}  // namespace vk
