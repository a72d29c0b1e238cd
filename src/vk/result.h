// VkResult names and the exception the backend throws for a failed Vulkan call.
#pragma once

#include <stdexcept>
#include <string>

#include "vk/vulkan_api.h"

namespace vk {

const char* resultName(VkResult result);

// A Vulkan call failed: carries the call's name and its result for the log and for mapping to an
// HRESULT at the COM boundary (VK_ERROR_DEVICE_LOST becomes DXGI_ERROR_DEVICE_REMOVED).
class Error : public std::runtime_error {
public:
  Error(const std::string& what, VkResult result)
      : std::runtime_error(what + ": " + resultName(result)), m_call(what), m_result(result) {}
  // The failed call's name (what() adds the result's).
  const std::string& call() const { return m_call; }
  VkResult result() const { return m_result; }

private:
  std::string m_call;
  VkResult m_result;
};

// Throws vk::Error unless result is VK_SUCCESS (or another non-negative status).
inline void check(VkResult result, const char* call) {
  if (result < 0)
    throw Error(call, result);
}

}  // namespace vk
