# lit configuration of the systile regression tests (FileCheck-based).
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "systile"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.systile_obj_root, "test")
config.excludes = ["Inputs", "lib", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%systile_src_root", config.systile_src_root))
config.substitutions.append(("%systile_obj_root", config.systile_obj_root))

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    ["systile-opt", "systile-run", "systile-attach-blob"],
    [config.systile_tools_dir, config.llvm_tools_dir])

# Interpreter tests: Debian's python3 with numpy (the python3 first on PATH
# may lack it), and the upstream runner libraries (mlir-runner needs
# absolute paths).
config.substitutions.append(("%python", "/usr/bin/python3"))
# The tests' Python scripts share test/lib: testlib.py (running tools) and
# rfc6ref.py, the one numpy model of RFC 6 that results are compared with.
# python/ is the systile package (python -m systile), which finds the tools
# under test through SYSTILE_BIN.
config.environment["PYTHONPATH"] = os.pathsep.join(
    [os.path.join(config.systile_src_root, "test", "lib"),
     os.path.join(config.systile_src_root, "python")] +
    ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []))
config.environment["SYSTILE_BIN"] = config.systile_tools_dir
config.substitutions.append(("%systile_runner_utils", os.path.join(
    config.systile_obj_root, "lib", "libsystile_runner_utils" + config.shlib_ext)))
config.substitutions.append(("%mlir_runner_utils", os.path.join(
    config.llvm_lib_dir, "libmlir_runner_utils" + config.shlib_ext)))
config.substitutions.append(("%mlir_c_runner_utils", os.path.join(
    config.llvm_lib_dir, "libmlir_c_runner_utils" + config.shlib_ext)))

# Sanitizer builds (scripts/test-sanitizers.sh) reserve terabytes of shadow
# memory at start-up, so tests that run a tool under `ulimit -v` skip them.
if getattr(config, "llvm_use_sanitizer", ""):
    config.available_features.add("sanitizer")

# examples/embed's downstream compiler, which scripts/test.sh builds against
# the installed package before running lit (test/Embed); a plain lit run
# without it reports test/Embed unsupported rather than failed.
if os.path.exists(os.path.join(config.systile_obj_root, "embed",
                               "systile-embed-demo")):
    config.available_features.add("embed-demo")
