; Tests written with a C unit-test framework are marked in cpp/entry_points.scm
; when they use C++ macros; plain C test programs are found by their paths
; (the rule's test_files) and run through their `main`.
