"""Up-and-down tests: pure Python, no kernels to compile; positions are built with
`tests.updown.helpers`."""
