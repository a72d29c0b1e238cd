#!/usr/bin/env python3
"""Prints C++ declarations and not-implemented definitions for every method of a chain of COM
interfaces, read from the C++ part of the Windows SDK-style headers (Wine's, in /usr/include/wine).

Used when a class first takes on an interface: the output is pasted into the class and each method
is then implemented by hand. Methods left as skeletons log once and return E_NOTIMPL (or nothing for
void), and tools/dev/status-table.py lists them in docs/STATUS.md.

usage: com-method-skeletons.py CLASS HEADER INTERFACE [INTERFACE...]
"""
import re
import sys

HEADER_DIR = "/usr/include/wine/wine/windows"


def methods_of(header_text, interface):
    match = re.search(r'MIDL_INTERFACE\("[^"]+"\)\s*' + interface + r'\s*:\s*public\s+\w+\s*\{(.*?)\n\};', header_text, re.S)
    if not match:
        sys.exit(f"interface {interface} not found")
    body = match.group(1)
    for m in re.finditer(r'virtual\s+(.*?)\s+STDMETHODCALLTYPE\s+(\w+)\(\s*(.*?)\)\s*=\s*0;', body, re.S):
        ret, name, params = m.group(1).strip(), m.group(2), re.sub(r'\s+', ' ', m.group(3)).strip()
        yield ret, name, params


def unnamed(params):
    """Comments out parameter names so that skeletons compile without unused-parameter warnings."""
    if params in ("", "void"):
        return params
    return ", ".join(re.sub(r"\s*(\w+)(\s*\[\d*\])?\s*$", r" /*\1*/\2", p.strip()) for p in params.split(","))


def main():
    cls, header, interfaces = sys.argv[1], sys.argv[2], sys.argv[3:]
    text = ""
    for h in header.split(","):
        text += open(f"{HEADER_DIR}/{h}").read()
    decls, defs = [], []
    for interface in interfaces:
        decls.append(f"  // {interface}")
        for ret, name, params in methods_of(text, interface):
            decls.append(f"  {ret} STDMETHODCALLTYPE {name}({params}) override;")
            body = "  D3D11VK_NOT_IMPLEMENTED();\n"
            if ret == "HRESULT":
                body += "  return E_NOTIMPL;\n"
            elif ret != "void":
                body += f"  return {ret}();\n"
            defs.append(f"{ret} STDMETHODCALLTYPE {cls}::{name}({unnamed(params)}) {{\n{body}}}\n")
    print("\n".join(decls))
    print("\n// ---- definitions ----\n")
    print("\n".join(defs))


if __name__ == "__main__":
    main()
