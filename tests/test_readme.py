"""The README's Python example is a doctest: what a newcomer copies must work."""

import doctest
import pathlib

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run():
    text = README.read_text(encoding="utf-8")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "README.md", str(README), 0)
    assert test.examples, "the README should keep a runnable example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0


def test_doctests_in_core_and_engines():
    import doppelnb.core.chance
    import doppelnb.core.data
    import doppelnb.core.errors
    import doppelnb.core.exact
    import doppelnb.core.render
    import doppelnb.core.variants
    import doppelnb.engines.doppeldoppel

    for module in (doppelnb.core.chance, doppelnb.core.data, doppelnb.core.errors,
                   doppelnb.core.exact, doppelnb.core.render, doppelnb.core.variants,
                   doppelnb.engines.doppeldoppel):
        assert doctest.testmod(module).failed == 0, module.__name__
