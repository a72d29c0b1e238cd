// ComPtr: an owning pointer to a COM interface that AddRefs on copy and Releases on destruction.
#pragma once

#include <utility>

#include "util/windows_base.h"

namespace util {

template <typename T>
class ComPtr {
public:
  ComPtr() = default;
  ComPtr(std::nullptr_t) {}
  // Takes a new reference to an existing pointer.
  ComPtr(T* pointer) : m_ptr(pointer) { if (m_ptr) m_ptr->AddRef(); }
  ComPtr(const ComPtr& other) : ComPtr(other.m_ptr) {}
  ComPtr(ComPtr&& other) noexcept : m_ptr(std::exchange(other.m_ptr, nullptr)) {}
  ~ComPtr() { reset(); }

  ComPtr& operator=(ComPtr other) noexcept { std::swap(m_ptr, other.m_ptr); return *this; }

  // Adopts a pointer whose reference the caller already owns (e.g. fresh from a Create call).
  static ComPtr adopt(T* pointer) { ComPtr result; result.m_ptr = pointer; return result; }

  void reset() { if (T* old = std::exchange(m_ptr, nullptr)) old->Release(); }
  // Gives up ownership without Release: for returning a reference through an out-parameter.
  T* detach() { return std::exchange(m_ptr, nullptr); }
  // For Create-style out-parameters: releases the current pointer first.
  T** put() { reset(); return &m_ptr; }
  void** putVoid() { return reinterpret_cast<void**>(put()); }

  T* get() const { return m_ptr; }
  T* operator->() const { return m_ptr; }
  T& operator*() const { return *m_ptr; }
  explicit operator bool() const { return m_ptr != nullptr; }

  template <typename U>
  ComPtr<U> query() const {
    ComPtr<U> result;
    if (m_ptr)
      m_ptr->QueryInterface(__uuidof(U), result.putVoid());
    return result;
  }

private:
  T* m_ptr = nullptr;
};

}  // namespace util
