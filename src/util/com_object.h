// ComObject: reference counting with the documented AddRef/Release semantics, shared by every
// COM class; plus the helpers QueryInterface implementations use.
#pragma once

#include <atomic>

#include "util/log.h"
#include "util/windows_base.h"

namespace util {

// Counts two kinds of references. Public ones are the application's (AddRef/Release; their count
// is what AddRef and Release return). Private ones are held inside the layer, e.g. a view keeping
// its resource alive, and never show in the application's counts. The object is destroyed when
// both reach zero.
template <typename Base>
class ComObject : public Base {
public:
  ComObject() = default;
  ComObject(const ComObject&) = delete;
  ComObject& operator=(const ComObject&) = delete;
  virtual ~ComObject() = default;

  ULONG STDMETHODCALLTYPE AddRef() override {
    ULONG count = ++m_publicRefs;
    if (count == 1)
      addPrivateRef();  // the public references together hold one private one
    return count;
  }

  ULONG STDMETHODCALLTYPE Release() override {
    ULONG count = --m_publicRefs;
    if (count == 0)
      releasePrivateRef();
    return count;
  }

  void addPrivateRef() { ++m_privateRefs; }
  void releasePrivateRef() {
    if (--m_privateRefs == 0)
      delete this;
  }

  ULONG publicRefCount() const { return m_publicRefs.load(); }
  // Private references: 1 while any public one exists, plus one per internal holder (a view, a
  // binding). A swapchain's ResizeBuffers reads it to refuse while back-buffer views remain.
  ULONG privateRefCount() const { return m_privateRefs.load(); }

protected:
  // Objects start with one public reference, handed to the creator.
  std::atomic<ULONG> m_publicRefs{1};
  std::atomic<ULONG> m_privateRefs{1};
};

// The common opening of a QueryInterface implementation: E_POINTER for a null out-pointer, and
// *object cleared so every failing path leaves it null as documented.
inline bool beginQueryInterface(void** object, HRESULT* result) {
  if (!object) {
    *result = E_POINTER;
    return false;
  }
  *object = nullptr;
  return true;
}

// Answers a QueryInterface for a known interface: stores the pointer and takes a public reference.
template <typename Interface>
HRESULT returnInterface(Interface* pointer, void** object) {
  pointer->AddRef();
  *object = pointer;
  return S_OK;
}

// Logs an interface the application asked for that no class answers, so bug reports show it.
void logUnknownInterface(const char* className, REFIID riid);

// "{xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}" for log lines.
std::string guidToString(REFGUID guid);

// "0x0000XXXXXXXXXXXX": an object's address as the live-object reports write it.
std::string pointerToString(const void* pointer);

}  // namespace util
