# lit configuration of the systile regression tests (FileCheck-based).
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "systile"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.systile_obj_root, "test")
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%systile_src_root", config.systile_src_root))
config.substitutions.append(("%systile_obj_root", config.systile_obj_root))

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    ["systile-opt"], [config.systile_tools_dir, config.llvm_tools_dir])
