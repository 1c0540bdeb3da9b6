"""Crapette tests: pure Python, no kernels to compile; tables are built with
`tests.crapette.helpers`."""
