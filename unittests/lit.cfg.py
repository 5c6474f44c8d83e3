# lit configuration that runs the gtest unit tests (every *Tests binary).
import lit.formats

config.name = "systile-unit"
config.suffixes = []
config.test_source_root = config.unittests_dir
config.test_exec_root = config.unittests_dir
config.test_format = lit.formats.GoogleTest(".", "Tests")
