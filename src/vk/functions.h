// Tables of Vulkan entry points, filled at run time from vkGetInstanceProcAddr/vkGetDeviceProcAddr.
// Each list is an X-macro so that declaring and loading a function is one line in one place.
#pragma once

#include "vk/vulkan_api.h"

// Entry points callable without an instance.
#define D3D11VK_VK_GLOBAL_FUNCTIONS(X)      \
  X(vkCreateInstance)                       \
  X(vkEnumerateInstanceExtensionProperties) \
  X(vkEnumerateInstanceLayerProperties)     \
  X(vkEnumerateInstanceVersion)

#define D3D11VK_VK_INSTANCE_FUNCTIONS(X)          \
  X(vkDestroyInstance)                            \
  X(vkEnumeratePhysicalDevices)                   \
  X(vkGetPhysicalDeviceProperties)                \
  X(vkGetPhysicalDeviceProperties2)               \
  X(vkGetPhysicalDeviceFeatures2)                 \
  X(vkGetPhysicalDeviceFormatProperties)          \
  X(vkGetPhysicalDeviceMemoryProperties)          \
  X(vkGetPhysicalDeviceMemoryProperties2)         \
  X(vkGetPhysicalDeviceQueueFamilyProperties)     \
  X(vkGetPhysicalDeviceSparseImageFormatProperties) \
  X(vkEnumerateDeviceExtensionProperties)         \
  X(vkCreateDevice)                               \
  X(vkGetDeviceProcAddr)

// Instance-level entry points of instance extensions: null when the extension is not enabled.
#define D3D11VK_VK_INSTANCE_EXTENSION_FUNCTIONS(X) \
  X(vkCreateDebugUtilsMessengerEXT)                \
  X(vkDestroyDebugUtilsMessengerEXT)               \
  X(vkDestroySurfaceKHR)                           \
  X(vkGetPhysicalDeviceSurfaceSupportKHR)          \
  X(vkGetPhysicalDeviceSurfaceCapabilitiesKHR)     \
  X(vkGetPhysicalDeviceSurfaceFormatsKHR)          \
  X(vkGetPhysicalDeviceSurfacePresentModesKHR)

#define D3D11VK_VK_DEVICE_FUNCTIONS(X) \
  X(vkDestroyDevice)                   \
  X(vkGetDeviceQueue)                  \
  X(vkDeviceWaitIdle)                  \
  X(vkQueueWaitIdle)                   \
  X(vkQueueSubmit)                     \
  X(vkAllocateMemory)                  \
  X(vkFreeMemory)                      \
  X(vkMapMemory)                       \
  X(vkUnmapMemory)                     \
  X(vkCreateBuffer)                    \
  X(vkDestroyBuffer)                   \
  X(vkGetBufferMemoryRequirements)     \
  X(vkBindBufferMemory)                \
  X(vkCreateImage)                     \
  X(vkDestroyImage)                    \
  X(vkGetImageMemoryRequirements)      \
  X(vkBindImageMemory)                 \
  X(vkGetImageSparseMemoryRequirements) \
  X(vkQueueBindSparse)                 \
  X(vkCreateImageView)                 \
  X(vkDestroyImageView)                \
  X(vkCreateBufferView)                \
  X(vkDestroyBufferView)               \
  X(vkCreateCommandPool)               \
  X(vkDestroyCommandPool)              \
  X(vkAllocateCommandBuffers)          \
  X(vkFreeCommandBuffers)              \
  X(vkBeginCommandBuffer)              \
  X(vkEndCommandBuffer)                \
  X(vkCmdPipelineBarrier)              \
  X(vkCmdCopyBuffer)                   \
  X(vkCmdCopyBufferToImage)            \
  X(vkCmdCopyImageToBuffer)            \
  X(vkCreateFence)                     \
  X(vkDestroyFence)                    \
  X(vkResetFences)                     \
  X(vkWaitForFences)             \
  X(vkCreateSemaphore)            \
  X(vkDestroySemaphore)           \
  X(vkWaitSemaphores)             \
  X(vkGetSemaphoreCounterValue)   \
  X(vkSignalSemaphore)            \
  X(vkQueueSubmit2)               \
  X(vkResetCommandBuffer)         \
  X(vkResetCommandPool)           \
  X(vkCmdPipelineBarrier2)        \
  X(vkCmdCopyImage)               \
  X(vkCmdBlitImage)               \
  X(vkCmdResolveImage)            \
  X(vkCmdFillBuffer)              \
  X(vkCmdUpdateBuffer)            \
  X(vkCmdClearColorImage)         \
  X(vkCmdClearDepthStencilImage)  \
  X(vkCmdClearAttachments)        \
  X(vkCmdBeginRendering)          \
  X(vkCmdEndRendering)            \
  X(vkCreateQueryPool)            \
  X(vkDestroyQueryPool)           \
  X(vkCmdResetQueryPool)          \
  X(vkCmdBeginQuery)              \
  X(vkCmdEndQuery)                \
  X(vkCmdWriteTimestamp)          \
  X(vkGetQueryPoolResults)        \
  X(vkCmdCopyQueryPoolResults)    \
  X(vkCreateShaderModule)         \
  X(vkDestroyShaderModule)        \
  X(vkCreatePipelineLayout)       \
  X(vkDestroyPipelineLayout)      \
  X(vkCreateDescriptorSetLayout)  \
  X(vkDestroyDescriptorSetLayout) \
  X(vkCreateDescriptorPool)       \
  X(vkDestroyDescriptorPool)      \
  X(vkResetDescriptorPool)        \
  X(vkAllocateDescriptorSets)     \
  X(vkUpdateDescriptorSets)       \
  X(vkCreateComputePipelines)     \
  X(vkCreateGraphicsPipelines)    \
  X(vkDestroyPipeline)            \
  X(vkCreatePipelineCache)        \
  X(vkDestroyPipelineCache)       \
  X(vkGetPipelineCacheData)       \
  X(vkCmdBindPipeline)            \
  X(vkCmdBindDescriptorSets)      \
  X(vkCmdPushConstants)           \
  X(vkCmdDispatch)                \
  X(vkCmdDispatchIndirect)        \
  X(vkCmdDraw)                    \
  X(vkCmdDrawIndexed)             \
  X(vkCmdDrawIndirect)            \
  X(vkCmdDrawIndexedIndirect)     \
  X(vkCmdBindVertexBuffers)       \
  X(vkCmdBindVertexBuffers2)      \
  X(vkCmdBindIndexBuffer)         \
  X(vkCmdSetViewport)             \
  X(vkCmdSetScissor)              \
  X(vkCmdSetViewportWithCount)    \
  X(vkCmdSetScissorWithCount)     \
  X(vkCmdSetPrimitiveTopology)    \
  X(vkCmdSetBlendConstants)       \
  X(vkCmdSetStencilReference)     \
  X(vkCmdSetDepthBias)            \
  X(vkCreateSampler)              \
  X(vkDestroySampler)

// Device-level entry points of optional device extensions: null when the extension is not enabled
// (VK_KHR_swapchain: the presenter, vk/presenter.h; VK_EXT_conditional_rendering: predication;
// VK_EXT_transform_feedback: stream output).
#define D3D11VK_VK_DEVICE_EXTENSION_FUNCTIONS(X) \
  X(vkCmdBindTransformFeedbackBuffersEXT)        \
  X(vkCmdBeginTransformFeedbackEXT)              \
  X(vkCmdEndTransformFeedbackEXT)                \
  X(vkCmdBeginQueryIndexedEXT)                   \
  X(vkCmdEndQueryIndexedEXT)                     \
  X(vkCmdDrawIndirectByteCountEXT)               \
  X(vkCmdBeginConditionalRenderingEXT)           \
  X(vkCmdEndConditionalRenderingEXT)             \
  X(vkCmdDrawMultiEXT)                           \
  X(vkCmdDrawMultiIndexedEXT)                    \
  X(vkCreateSwapchainKHR)                        \
  X(vkDestroySwapchainKHR)                       \
  X(vkGetSwapchainImagesKHR)                     \
  X(vkAcquireNextImageKHR)                       \
  X(vkQueuePresentKHR)

namespace vk {

#define D3D11VK_DECLARE_MEMBER(name) PFN_##name name = nullptr;

struct GlobalFunctions {
  PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr = nullptr;
  D3D11VK_VK_GLOBAL_FUNCTIONS(D3D11VK_DECLARE_MEMBER)
};

struct InstanceFunctions {
  D3D11VK_VK_INSTANCE_FUNCTIONS(D3D11VK_DECLARE_MEMBER)
  D3D11VK_VK_INSTANCE_EXTENSION_FUNCTIONS(D3D11VK_DECLARE_MEMBER)

  // Loads every entry; returns the name of the first required one that is missing, or nullptr.
  const char* load(PFN_vkGetInstanceProcAddr getProcAddr, VkInstance instance);
};

struct DeviceFunctions {
  D3D11VK_VK_DEVICE_FUNCTIONS(D3D11VK_DECLARE_MEMBER)
  D3D11VK_VK_DEVICE_EXTENSION_FUNCTIONS(D3D11VK_DECLARE_MEMBER)

  const char* load(PFN_vkGetDeviceProcAddr getProcAddr, VkDevice device);
};

#undef D3D11VK_DECLARE_MEMBER

}  // namespace vk
