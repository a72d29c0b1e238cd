#!/usr/bin/env python3
"""Generates the per-interface method tables of docs/STATUS.md from the source, so the document
cannot drift from the code.

For every COM class listed below it reads the interface chain's methods from the SDK-style headers
and finds each method's definition in the class's source file:
  - a body with D3D11VK_NOT_IMPLEMENTED()      -> "not implemented" (logs once, E_NOTIMPL)
  - a body with a "// STATUS: partial: <why>" -> "partial: <why>"
  - any other body, or a method provided by a shared base (private data) -> "implemented"

usage: status-table.py [--check] docs/STATUS.md
  rewrites the part between the GENERATED markers; --check only compares and exits 1 on drift.
"""
import glob
import os
import re
import sys

HEADER_DIR = "/usr/include/wine/wine/windows"
D3D11_HEADERS = ["d3d11.h", "d3d11_1.h", "d3d11_2.h", "d3d11_3.h", "d3d11_4.h"]
D3D10_HEADERS = ["d3d10.h", "d3d10_1.h"]
DXGI_HEADERS = ["dxgi.h", "dxgi1_2.h", "dxgi1_3.h", "dxgi1_4.h", "dxgi1_5.h", "dxgi1_6.h"]
PRIVATE_DATA = {"SetPrivateData", "SetPrivateDataInterface", "GetPrivateData"}
# Methods every device child gets from D3D11DeviceChild (src/d3d11/d3d11_device_child.h).
DEVICE_CHILD = PRIVATE_DATA | {"GetDevice"}
# The D3D10 faces' shared methods, forwarded to their D3D11 object (src/d3d10/d3d10_*_face.h).
D3D10_RESOURCE = DEVICE_CHILD | {"GetType", "SetEvictionPriority", "GetEvictionPriority"}
D3D10_VIEW = DEVICE_CHILD | {"GetResource"}
# The DXGI faces of D3D11 resources forward these to the resource (src/d3d11/d3d11_dxgi_resource.h).
DXGI_FACE = PRIVATE_DATA | {"GetParent", "GetDevice"}

CLASSES = [
    ("D3D11Device", "src/d3d11/d3d11_device.cpp", D3D11_HEADERS,
     ["ID3D11Device", "ID3D11Device1", "ID3D11Device2", "ID3D11Device3", "ID3D11Device4", "ID3D11Device5"], set()),
    ("D3D11DxgiDevice", "src/d3d11/d3d11_dxgi_device.cpp", DXGI_HEADERS,
     ["IDXGIObject", "IDXGIDevice", "IDXGIDevice1", "IDXGIDevice2", "IDXGIDevice3", "IDXGIDevice4"], set()),
    ("D3D11DeviceContext", "src/d3d11/d3d11_*context*.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11DeviceContext", "ID3D11DeviceContext1", "ID3D11DeviceContext2",
      "ID3D11DeviceContext3", "ID3D11DeviceContext4"], set()),
    ("D3D11BlendState", "src/d3d11/d3d11_blend_state.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11BlendState", "ID3D11BlendState1"], DEVICE_CHILD),
    ("D3D11DepthStencilState", "src/d3d11/d3d11_depth_stencil_state.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11DepthStencilState"], DEVICE_CHILD),
    ("D3D11RasterizerState", "src/d3d11/d3d11_rasterizer_state.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11RasterizerState", "ID3D11RasterizerState1", "ID3D11RasterizerState2"], DEVICE_CHILD),
    ("D3D11SamplerState", "src/d3d11/d3d11_sampler_state.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11SamplerState"], DEVICE_CHILD),
    ("D3D11Query", "src/d3d11/d3d11_query.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11Asynchronous", "ID3D11Query", "ID3D11Predicate", "ID3D11Query1"], DEVICE_CHILD),
    ("D3D11Fence", "src/d3d11/d3d11_fence.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11Fence"], DEVICE_CHILD),
    ("D3D11CommandList", "src/d3d11/d3d11_command_list.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11CommandList"], DEVICE_CHILD),
    ("D3D11DeviceContextState", "src/d3d11/d3d11_device_context_state.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3DDeviceContextState"], DEVICE_CHILD),
    ("D3D11Multithread", "src/d3d11/d3d11_multithread.cpp", D3D11_HEADERS,
     ["ID3D11Multithread"], set()),
    ("D3D11Buffer", "src/d3d11/d3d11_buffer.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11Resource", "ID3D11Buffer"], DEVICE_CHILD),
    ("D3D11Texture1D", "src/d3d11/d3d11_texture.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11Resource", "ID3D11Texture1D"], DEVICE_CHILD),
    ("D3D11Texture2D", "src/d3d11/d3d11_texture.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11Resource", "ID3D11Texture2D", "ID3D11Texture2D1"], DEVICE_CHILD),
    ("D3D11Texture3D", "src/d3d11/d3d11_texture.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11Resource", "ID3D11Texture3D", "ID3D11Texture3D1"], DEVICE_CHILD),
    ("DxgiResourceFace", "src/d3d11/d3d11_dxgi_resource.cpp", DXGI_HEADERS,
     ["IDXGIObject", "IDXGIDeviceSubObject", "IDXGIResource", "IDXGIResource1"], DXGI_FACE),
    ("DxgiSurfaceFace", "src/d3d11/d3d11_dxgi_resource.cpp", DXGI_HEADERS,
     ["IDXGIObject", "IDXGIDeviceSubObject", "IDXGISurface", "IDXGISurface1", "IDXGISurface2"], DXGI_FACE),
    ("DxgiSubresourceSurface", "src/d3d11/d3d11_dxgi_subresource_surface.cpp", DXGI_HEADERS,
     ["IDXGIObject", "IDXGIDeviceSubObject", "IDXGISurface", "IDXGISurface1", "IDXGISurface2"], set()),
    ("DxgiKeyedMutexFace", "src/d3d11/d3d11_dxgi_resource.cpp", DXGI_HEADERS,
     ["IDXGIObject", "IDXGIDeviceSubObject", "IDXGIKeyedMutex"], DXGI_FACE),
    ("D3D11ShaderResourceView", "src/d3d11/d3d11_view.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11View", "ID3D11ShaderResourceView", "ID3D11ShaderResourceView1"], DEVICE_CHILD),
    ("D3D11RenderTargetView", "src/d3d11/d3d11_view.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11View", "ID3D11RenderTargetView", "ID3D11RenderTargetView1"], DEVICE_CHILD),
    ("D3D11DepthStencilView", "src/d3d11/d3d11_view.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11View", "ID3D11DepthStencilView"], DEVICE_CHILD),
    ("D3D11UnorderedAccessView", "src/d3d11/d3d11_view.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11View", "ID3D11UnorderedAccessView", "ID3D11UnorderedAccessView1"], DEVICE_CHILD),
    ("D3D11VertexShader", "src/d3d11/d3d11_shader.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11VertexShader"], DEVICE_CHILD),
    ("D3D11HullShader", "src/d3d11/d3d11_shader.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11HullShader"], DEVICE_CHILD),
    ("D3D11DomainShader", "src/d3d11/d3d11_shader.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11DomainShader"], DEVICE_CHILD),
    ("D3D11GeometryShader", "src/d3d11/d3d11_shader.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11GeometryShader"], DEVICE_CHILD),
    ("D3D11PixelShader", "src/d3d11/d3d11_shader.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11PixelShader"], DEVICE_CHILD),
    ("D3D11ComputeShader", "src/d3d11/d3d11_shader.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11ComputeShader"], DEVICE_CHILD),
    ("D3D11InputLayout", "src/d3d11/d3d11_input_layout.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11InputLayout"], DEVICE_CHILD),
    ("D3D11ClassLinkage", "src/d3d11/d3d11_class_linkage.cpp", D3D11_HEADERS,
     ["ID3D11DeviceChild", "ID3D11ClassLinkage"], DEVICE_CHILD),
    ("D3D10Device", "src/d3d10/d3d10_device*.cpp", D3D10_HEADERS, ["ID3D10Device", "ID3D10Device1"], PRIVATE_DATA),
    ("D3D10Multithread", "src/d3d10/d3d10_multithread.cpp", D3D10_HEADERS, ["ID3D10Multithread"], set()),
    ("D3D10BufferFace", "src/d3d10/d3d10_resource_face.cpp", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10Resource", "ID3D10Buffer"], D3D10_RESOURCE),
    ("D3D10Texture1DFace", "src/d3d10/d3d10_resource_face.cpp", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10Resource", "ID3D10Texture1D"], D3D10_RESOURCE),
    ("D3D10Texture2DFace", "src/d3d10/d3d10_resource_face.cpp", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10Resource", "ID3D10Texture2D"], D3D10_RESOURCE),
    ("D3D10Texture3DFace", "src/d3d10/d3d10_resource_face.cpp", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10Resource", "ID3D10Texture3D"], D3D10_RESOURCE),
    ("D3D10ShaderResourceViewFace", "src/d3d10/d3d10_view_face.cpp", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10View", "ID3D10ShaderResourceView", "ID3D10ShaderResourceView1"], D3D10_VIEW),
    ("D3D10RenderTargetViewFace", "src/d3d10/d3d10_view_face.cpp", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10View", "ID3D10RenderTargetView"], D3D10_VIEW),
    ("D3D10DepthStencilViewFace", "src/d3d10/d3d10_view_face.cpp", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10View", "ID3D10DepthStencilView"], D3D10_VIEW),
    ("D3D10BlendStateFace", "src/d3d10/d3d10_state_face.cpp", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10BlendState", "ID3D10BlendState1"], DEVICE_CHILD),
    ("D3D10DepthStencilStateFace", "src/d3d10/d3d10_state_face.cpp", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10DepthStencilState"], DEVICE_CHILD),
    ("D3D10RasterizerStateFace", "src/d3d10/d3d10_state_face.cpp", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10RasterizerState"], DEVICE_CHILD),
    ("D3D10SamplerStateFace", "src/d3d10/d3d10_state_face.cpp", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10SamplerState"], DEVICE_CHILD),
    ("D3D10QueryFace", "src/d3d10/d3d10_query_face.cpp", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10Asynchronous", "ID3D10Query", "ID3D10Predicate"], DEVICE_CHILD),
    ("D3D10VertexShaderFace", "src/d3d10/d3d10_shader_face.h", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10VertexShader"], DEVICE_CHILD),
    ("D3D10GeometryShaderFace", "src/d3d10/d3d10_shader_face.h", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10GeometryShader"], DEVICE_CHILD),
    ("D3D10PixelShaderFace", "src/d3d10/d3d10_shader_face.h", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10PixelShader"], DEVICE_CHILD),
    ("D3D10InputLayoutFace", "src/d3d10/d3d10_shader_face.h", D3D10_HEADERS,
     ["ID3D10DeviceChild", "ID3D10InputLayout"], DEVICE_CHILD),
    ("DxgiFactory", "src/dxgi/dxgi_factory.cpp", DXGI_HEADERS,
     ["IDXGIObject", "IDXGIFactory", "IDXGIFactory1", "IDXGIFactory2", "IDXGIFactory3", "IDXGIFactory4",
      "IDXGIFactory5", "IDXGIFactory6", "IDXGIFactory7"], PRIVATE_DATA),
    ("DxgiAdapter", "src/dxgi/dxgi_adapter.cpp", DXGI_HEADERS,
     ["IDXGIObject", "IDXGIAdapter", "IDXGIAdapter1", "IDXGIAdapter2", "IDXGIAdapter3", "IDXGIAdapter4"], PRIVATE_DATA),
    ("DxgiOutput", "src/dxgi/dxgi_output.cpp", DXGI_HEADERS,
     ["IDXGIObject", "IDXGIOutput", "IDXGIOutput1", "IDXGIOutput2", "IDXGIOutput3", "IDXGIOutput4",
      "IDXGIOutput5", "IDXGIOutput6"], PRIVATE_DATA),
    ("DxgiSwapChain", "src/dxgi/dxgi_swapchain.cpp", DXGI_HEADERS,
     ["IDXGIObject", "IDXGIDeviceSubObject", "IDXGISwapChain", "IDXGISwapChain1", "IDXGISwapChain2",
      "IDXGISwapChain3", "IDXGISwapChain4"], PRIVATE_DATA),
]

BEGIN = "<!-- BEGIN GENERATED by tools/dev/status-table.py: do not edit by hand -->"
END = "<!-- END GENERATED -->"


def interface_methods(headers, interface):
    text = "".join(open(os.path.join(HEADER_DIR, h)).read() for h in headers)
    match = re.search(r'MIDL_INTERFACE\("[^"]+"\)\s*' + interface + r'\s*:\s*public\s+\w+\s*\{(.*?)\n\};', text, re.S)
    if not match:
        sys.exit(f"status-table: interface {interface} not found in the headers")
    return re.findall(r'virtual\s+.*?\s+STDMETHODCALLTYPE\s+(\w+)\(', match.group(1), re.S)


def method_bodies(path, cls):
    """Maps method name -> body text for Class::Method definitions in the file(s); `path` may be a
    glob (a class whose methods are split over files by responsibility)."""
    text = "".join(open(p).read() for p in sorted(glob.glob(path)))
    bodies = {}
    for m in re.finditer(r'STDMETHODCALLTYPE\s+' + cls + r'::(\w+)\(', text):
        start = text.index("{", m.end())
        depth, i = 0, start
        while True:
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        bodies[m.group(1)] = text[start:i + 1]
    # Methods stamped out by a macro (the six stages' Set*/Get* methods): "Prefix##Name" in the
    # macro's definition, one set per invocation; their state comes from the macro's text.
    for define in re.finditer(r'#define (\w+)\(Prefix[^)]*\)((?:.*\\\n)*.*)', text):
        macro, macro_body = define.group(1), define.group(2)
        names = re.findall(cls + r'::Prefix##(\w+)\(', macro_body)
        for call in re.finditer(r'^' + macro + r'\((\w+),', text, re.M):
            for name in names:
                bodies.setdefault(call.group(1) + name, macro_body)
    return bodies


def state_of(body):
    if body is None:
        return None
    if "D3D11VK_NOT_IMPLEMENTED()" in body:
        return "not implemented"
    partial = re.search(r"// STATUS: partial: (.*)", body)
    if partial:
        return "partial: " + partial.group(1).strip()
    return "implemented"


def generate(root):
    lines = [BEGIN, ""]
    totals = {"implemented": 0, "partial": 0, "not implemented": 0}
    for cls, source, headers, interfaces, inherited in CLASSES:
        bodies = method_bodies(os.path.join(root, source), cls)
        lines.append(f"### {cls} (`{source}`)")
        lines.append("")
        lines.append("| Interface | Method | State |")
        lines.append("| --- | --- | --- |")
        for interface in interfaces:
            for method in interface_methods(headers, interface):
                state = state_of(bodies.get(method))
                if state is None:
                    if method in inherited:
                        state = "implemented"
                    else:
                        sys.exit(f"status-table: {cls}::{method} ({interface}) has no definition in {source}")
                totals[state.split(":")[0]] += 1
                lines.append(f"| {interface} | {method} | {state} |")
        lines.append("")
    lines.append(f"Totals: {totals['implemented']} implemented, {totals['partial']} partial, "
                 f"{totals['not implemented']} not implemented.")
    lines.append("")
    lines.append(END)
    return "\n".join(lines)


def main():
    args = sys.argv[1:]
    check = "--check" in args
    path = [a for a in args if a != "--check"][0]
    root = os.path.dirname(os.path.dirname(os.path.abspath(path)))
    text = open(path).read()
    if BEGIN not in text or END not in text:
        sys.exit(f"status-table: {path} lacks the GENERATED markers")
    before, rest = text.split(BEGIN, 1)
    after = rest.split(END, 1)[1]
    updated = before + generate(root) + after
    if check:
        if updated != text:
            print(f"{path} is out of date: run tools/dev/status-table.py {path}")
            return 1
        print(f"{path} matches the source")
        return 0
    open(path, "w").write(updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
