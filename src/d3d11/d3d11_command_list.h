// D3D11CommandList: ID3D11CommandList, what FinishCommandList makes of a deferred context's
// recording. It owns the recorded chunks, the upload memory they read (UpdateSubresource data and
// the renamed memory of dynamic resources mapped on the deferred context) and a reference on every
// object they name, so the application may release those objects before executing the list.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "d3d11/d3d11_device_child.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"
#include "vk/buffer_slice.h"
#include "vk/recorded_commands.h"

namespace vk {
class UploadHeap;
}

namespace d3d11vk {

class D3D11Buffer;
class D3D11Device;
class D3D11Query;
class D3D11ResourceCommon;

// {5b1e7c43-0d2a-4f6e-8c91-7a3f2e6d4b18}: answered only by d3d11vk's command lists, with the
// D3D11CommandList* (one reference), so a context can tell its own lists from foreign objects.
inline constexpr GUID kCommandListId = {0x5b1e7c43, 0x0d2a, 0x4f6e, {0x8c, 0x91, 0x7a, 0x3f, 0x2e, 0x6d, 0x4b, 0x18}};

// What a deferred context gathers while it records; becomes a command list's contents.
struct CommandListContents {
  std::shared_ptr<const vk::RecordedCommands> commands;
  std::unique_ptr<vk::UploadHeap> uploads;
  std::vector<util::ComPtr<IUnknown>> references;      // every object a recorded command names
  std::vector<D3D11ResourceCommon*> cpuVisibleUses;    // staging resources copied to or from (kept alive above)
  std::vector<util::ComPtr<ID3D11Query>> endedQueries; // End recorded: issued when the list executes
  std::vector<std::shared_ptr<void>> scratch;          // Vulkan objects only the list's commands name
  // Each dynamic buffer the list renamed with Map(WRITE_DISCARD) (kept alive above) and the list
  // memory of its last discard: those bytes become the buffer's contents wherever the list
  // executes (D3D11DeviceContext::takeListBufferContents).
  std::vector<std::pair<D3D11Buffer*, vk::BufferSlice>> renamedBuffers;

  CommandListContents();
  ~CommandListContents();
  CommandListContents(CommandListContents&&) noexcept;
  CommandListContents& operator=(CommandListContents&&) noexcept;
};

class D3D11CommandList final : public D3D11DeviceChild<ID3D11CommandList> {
public:
  D3D11CommandList(D3D11Device* device, UINT contextFlags, CommandListContents contents);
  // The chunks and upload memory may still be named by submitted work: they go on the timeline
  // once everything recorded so far has completed.
  ~D3D11CommandList() override;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  UINT STDMETHODCALLTYPE GetContextFlags() override;

  // d3d11vk's command list behind `list` (no reference taken), or null for a foreign object.
  static D3D11CommandList* from(ID3D11CommandList* list);
  const CommandListContents& contents() const { return m_contents; }
  D3D11Device* owner() const { return m_owner; }

private:
  D3D11Device* m_owner;
  UINT m_contextFlags;
  CommandListContents m_contents;
};

}  // namespace d3d11vk
