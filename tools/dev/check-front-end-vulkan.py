#!/usr/bin/env python3
"""The front end (src/d3d11, src/dxgi, src/d3d10) calls no Vulkan function: everything it needs from
Vulkan (views, samplers, memory budgets, queries of what the device can do) goes through the
backend's types in src/vk (docs/command-stream.md, the seam). It may name Vulkan's types and
structures, through vk/vulkan_api.h, whose prototypes are off; it may not include Vulkan's headers
itself, include the dispatch tables (vk/functions.h), touch them (functions()), or call an entry
point (vkSomething(...)).

usage: check-front-end-vulkan.py SOURCE_ROOT   (prints each offending line; exit status 1 if any)"""
import pathlib
import re
import sys

FRONT_END = ('src/d3d11', 'src/dxgi', 'src/d3d10')
RULES = [
    (re.compile(r'#\s*include\s*[<"]vulkan/'), 'includes a Vulkan header directly (use vk/vulkan_api.h for types)'),
    (re.compile(r'#\s*include\s*"vk/functions\.h"'), 'includes the backend\'s Vulkan dispatch tables'),
    (re.compile(r'\bfunctions\(\)'), 'reaches into a Vulkan dispatch table'),
    (re.compile(r'\bvk[A-Z]\w*\s*\('), 'calls a Vulkan entry point'),
    (re.compile(r'\bPFN_vk\w+'), 'holds a Vulkan function pointer'),
]
COMMENT = re.compile(r'//.*$')


def offences(root):
    for folder in FRONT_END:
        for path in sorted((root / folder).rglob('*')):
            if path.suffix not in ('.h', '.cpp'):
                continue
            for number, line in enumerate(path.read_text(errors='replace').splitlines(), 1):
                code = COMMENT.sub('', line)
                for pattern, why in RULES:
                    if pattern.search(code):
                        yield f'{path.relative_to(root)}:{number}: {why}: {line.strip()}'


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.')
    if not all((root / folder).is_dir() for folder in FRONT_END):
        print(f'check-front-end-vulkan: {root} does not hold {", ".join(FRONT_END)}')
        return 2
    found = list(offences(root))
    for line in found:
        print(line)
    print(f'{len(found)} front-end lines use Vulkan directly' if found else 'PASS: the front end calls no Vulkan function')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
