// d3d11vk's own D3D11_MESSAGE_ID values, for refusals that Windows' debug layer has no documented
// ID for. They lie above every documented range (the last, D3D11_1, ends at 0x300164), so a
// program's filters on documented IDs never match them by accident, and below 0x400000, so they
// are values of the D3D11_MESSAGE_ID enumeration (whose values fit 22 bits) and a C++ program may
// hold them in one. docs/debug-layer.md lists them with what they mean.
#pragma once

enum D3D11VK_MESSAGE_ID {
  D3D11VK_MESSAGE_ID_FIRST = 0x3f0000,
  // A call is valid but d3d11vk has not built what it asks for; the call answers E_NOTIMPL.
  D3D11VK_MESSAGE_ID_NOT_IMPLEMENTED = D3D11VK_MESSAGE_ID_FIRST,
  // The device was removed; the creation or call answers DXGI_ERROR_DEVICE_REMOVED.
  D3D11VK_MESSAGE_ID_DEVICE_REMOVED_RETURN,
  // A Vulkan call failed while creating an object (the log line names it).
  D3D11VK_MESSAGE_ID_VULKAN_CREATION_FAILED,
  // A creation method was given something that is not a d3d11vk object of this device.
  D3D11VK_MESSAGE_ID_FOREIGN_OBJECT,
  // Other refusals of a creation method that answers E_INVALIDARG without a documented ID.
  D3D11VK_MESSAGE_ID_CREATION_INVALIDARG_RETURN,
  // A Set* call ignored because of its arguments, where no documented ID fits.
  D3D11VK_MESSAGE_ID_CALL_IGNORED,
  // Map or Unmap refused, where no documented ID fits.
  D3D11VK_MESSAGE_ID_MAP_REFUSED,
  // ReportLiveDeviceObjects: a live object of a kind Windows has no LIVE_* ID for (a fence).
  D3D11VK_MESSAGE_ID_LIVE_OBJECT,
};
