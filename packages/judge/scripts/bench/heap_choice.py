# What a slot's template would choose on this machine for its arenas and data (native/huge_heap.h):
# a python3 built as the template is (its native half preloaded, LiveCodeBench's prelude run, its
# objects frozen) makes its blocks and times its trial test both ways, then prints them as JSON.
#
#   LD_PRELOAD=TEMPLATE_LIB python3 -I heap_choice.py RUNTIME_DIR TEMPLATE_LIB < PRELUDE
import ctypes, gc, json, sys, types

runtime, lib = sys.argv[1:3]
sys.path.insert(0, runtime)
import template  # noqa: E402  (its TRIAL)

main = types.ModuleType('__main__')
exec(compile(sys.stdin.read(), 'prelude', 'exec'), main.__dict__)
native = ctypes.PyDLL(lib)
native.image_on_huge_pages.restype = ctypes.c_longlong
native.image_on_huge_pages()
gc.collect()
gc.freeze()
native.heap_on_huge_pages.restype = ctypes.c_longlong
heap = native.heap_on_huge_pages(ctypes.c_char_p(template.TRIAL))
trials = (ctypes.c_double * 2)()
native.heap_trials(ctypes.byref(trials, 0), ctypes.byref(trials, 8))
print(json.dumps({'blocks': heap // 2, 'copy': bool(heap % 2), 'with_us': trials[0], 'without_us': trials[1]}))
