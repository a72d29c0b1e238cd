// D3D11CommandList: identity, context flags and deferred release of what the list owns.
#include "d3d11/d3d11_command_list.h"

#include "d3d11/d3d11_device.h"
#include "util/log.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/upload_heap.h"

namespace d3d11vk {

CommandListContents::CommandListContents() = default;
CommandListContents::~CommandListContents() = default;
CommandListContents::CommandListContents(CommandListContents&&) noexcept = default;
CommandListContents& CommandListContents::operator=(CommandListContents&&) noexcept = default;

D3D11CommandList::D3D11CommandList(D3D11Device* device, UINT contextFlags, CommandListContents contents)
    : D3D11DeviceChild(device), m_owner(device), m_contextFlags(contextFlags), m_contents(std::move(contents)) {}

D3D11CommandList::~D3D11CommandList() {
  // Every ExecuteCommandList naming these chunks was recorded before now, so it belongs to a
  // submission up to the device's recording value; the referenced objects are released at once
  // (their own Vulkan objects defer themselves the same way).
  auto commands = std::move(m_contents.commands);
  auto uploads = std::shared_ptr<vk::UploadHeap>(std::move(m_contents.uploads));
  m_owner->vulkanDevice().timeline().deferUntil(m_owner->recordingValue(),
                                                [commands, uploads, scratch = std::move(m_contents.scratch)] {});
}

HRESULT STDMETHODCALLTYPE D3D11CommandList::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11CommandList))
    return util::returnInterface<ID3D11CommandList>(this, object);
  if (riid == kCommandListId) {
    AddRef();
    *object = this;
    return S_OK;
  }
  util::logUnknownInterface("D3D11CommandList", riid);
  return E_NOINTERFACE;
}

UINT STDMETHODCALLTYPE D3D11CommandList::GetContextFlags() {
  return m_contextFlags;
}

D3D11CommandList* D3D11CommandList::from(ID3D11CommandList* list) {
  void* ours = nullptr;
  if (!list || FAILED(list->QueryInterface(kCommandListId, &ours)) || !ours)
    return nullptr;
  auto* commandList = static_cast<D3D11CommandList*>(ours);
  commandList->Release();  // the caller holds a reference
  return commandList;
}

}  // namespace d3d11vk
