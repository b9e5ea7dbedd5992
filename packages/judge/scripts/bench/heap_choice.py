# What a slot's template would choose on this machine for its arenas and data (native/huge_heap.h):
# a python3 built as the template is (its native half preloaded, LiveCodeBench's prelude run, its
# objects frozen) makes its blocks and times its trial test both ways, then prints them as JSON.
#
#   LD_PRELOAD=TEMPLATE_LIB python3 -I heap_choice.py RUNTIME_DIR TEMPLATE_LIB < PRELUDE
import ctypes, gc, json, sys, types

runtime, lib = sys.argv[1:3]
sys.path.insert(0, runtime)
import template  # noqa: E402  (its heap_on_huge_pages)

main = types.ModuleType('__main__')
exec(compile(sys.stdin.read(), 'prelude', 'exec'), main.__dict__)
native = ctypes.PyDLL(lib)
native.image_on_huge_pages.restype = ctypes.c_longlong
native.image_on_huge_pages()
gc.collect()
gc.freeze()
heap, with_us, without_us, huge_snapshot = template.heap_on_huge_pages(native)
print(json.dumps({'blocks': heap // 2, 'copy': bool(heap % 2), 'with_us': with_us, 'without_us': without_us,
                  'huge_snapshot': bool(huge_snapshot)}))
