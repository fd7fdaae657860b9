"""The BERT encoder, on numpy (read side) and on torch (pipeline), gives the vectors sentence-transformers gives,
or is not used."""

from __future__ import annotations

import json
import math
import shutil

import numpy as np
import pytest
from conftest import SNAPSHOT

from fomc_pipeline.fed.pages import parse_page
from fomc_qa.index.bert_encoder import BertEncoder, Unsupported, inspect_model
from fomc_qa.index.bert_numpy import gelu
from fomc_qa.index.embed import SentenceTransformerProvider, get_encoder, get_provider, resolve_model_path
from fomc_qa.text.sentences import split_sentences

MINUTES = "monetarypolicy/fomcminutes20250129.htm"


@pytest.fixture(scope="module")
def texts() -> list[str]:
    page = parse_page((SNAPSHOT / MINUTES).read_text(), "minutes", f"https://www.federalreserve.gov/{MINUTES}")
    paragraphs = [p for p in page.text.split("\n") if p.strip()]
    sentences = split_sentences(paragraphs[10])
    return [
        "Who dissented at the July 2025 meeting, and what did they prefer?",
        "",
        "   leading and trailing spaces   ",
        page.text[:20_000],  # far past the 256-token window: truncated the same way
        *paragraphs[:12],
        *sentences,
    ]


@pytest.fixture(scope="module")
def reference(texts) -> np.ndarray:
    """sentence-transformers' vectors of the texts, computed once for both runtimes."""
    return get_provider().encode(texts)


@pytest.mark.parametrize("runtime", ["numpy", "torch"])
def test_vectors_match_sentence_transformers(texts, reference, runtime):
    encoder = get_encoder(runtime=runtime)
    assert isinstance(encoder, BertEncoder) and encoder.runtime == runtime
    ours, theirs = encoder.encode(texts), reference
    assert ours.shape == theirs.shape == (len(texts), 384)
    assert np.abs(ours - theirs).max() < 1e-5
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    # one text at a time (no padding) gives the same vectors as a padded batch
    assert np.abs(encoder.encode(texts[:1]) - ours[:1]).max() < 1e-5


def test_token_counts_match_and_truncation_is_restored(texts):
    encoder = get_encoder()
    assert encoder.count_tokens(texts) == get_provider().count_tokens(texts)
    assert encoder.count_tokens(texts[3:4])[0] > encoder.max_tokens == 256
    assert encoder.encode([]).shape == (0, 384)


def _model_copy(tmp_path, **pooling):
    """The bundled model folder with its pooling changed (weights linked, not copied)."""
    source = resolve_model_path("bundled")
    target = tmp_path / "model"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("model.safetensors"))
    (target / "model.safetensors").symlink_to(f"{source}/model.safetensors")
    config = json.loads((target / "1_Pooling" / "config.json").read_text())
    config.update(pooling)
    (target / "1_Pooling" / "config.json").write_text(json.dumps(config))
    return target


def test_models_it_cannot_reproduce_fall_back_to_sentence_transformers(tmp_path):
    cls_pooled = _model_copy(tmp_path, pooling_mode_cls_token=True, pooling_mode_mean_tokens=False)
    with pytest.raises(Unsupported, match="mean pooling"):
        inspect_model(cls_pooled)
    with pytest.raises(Unsupported, match="not a local model folder"):
        inspect_model(tmp_path / "missing")
    fallback = get_encoder(str(cls_pooled))
    assert isinstance(fallback, SentenceTransformerProvider)
    assert fallback.encode(["a question"]).shape == (1, 384)


def test_gelu_is_erf_gelu():
    xs = np.linspace(-12, 12, 4001, dtype=np.float32)
    exact = np.array([0.5 * float(x) * (1 + math.erf(float(x) / math.sqrt(2))) for x in xs])
    assert np.abs(gelu(xs.copy()) - exact).max() < 1e-6


def test_an_unknown_runtime_is_refused():
    with pytest.raises(ValueError, match="runtime"):
        BertEncoder(resolve_model_path("bundled"), runtime="onnx")


def test_a_folder_without_sentence_transformers_files_is_refused(tmp_path):
    (tmp_path / "config.json").write_text("{}")
    with pytest.raises(Unsupported, match="not a sentence-transformers folder"):
        BertEncoder(tmp_path)
