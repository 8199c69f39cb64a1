; A shell script is entered as a whole; bats' `@test` blocks are not read by
; the grammar, so no tests are marked.
