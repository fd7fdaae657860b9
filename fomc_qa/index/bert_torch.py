"""The BERT forward pass on torch's kernels: the pipeline's encoder, for chunk batches.

torch's fused attention and multi-threaded kernels embed 256-token chunk batches faster than
numpy does (`benchmarks/encoder.py` measures both), so the build keeps them; the read side, which
embeds one question, runs `fomc_qa.index.bert_numpy` and never imports torch.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np


class TorchBert:
    """`(ids, types, mask) -> pooled vectors` for a BertModel with mean pooling (see `inspect_model`)."""

    def __init__(self, path: Path, config: dict, normalize: bool) -> None:
        import torch
        from safetensors.torch import load_file

        self._torch = torch
        weights = load_file(str(path / "model.safetensors"))
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in weights else ""
        self._w = {k[len(prefix):]: v.float() for k, v in weights.items() if k.startswith(prefix)}
        self.dim = int(config["hidden_size"])
        self._heads = int(config["num_attention_heads"])
        self._layers = int(config["num_hidden_layers"])
        self._eps = float(config.get("layer_norm_eps", 1e-12))
        self._normalize = normalize

    def __call__(self, ids: np.ndarray, types: np.ndarray, mask: np.ndarray) -> np.ndarray:
        torch, w = self._torch, self._w
        F = torch.nn.functional
        with torch.inference_mode():
            ids_t, types_t, mask_t = torch.from_numpy(ids), torch.from_numpy(types), torch.from_numpy(mask)
            batch, length = ids_t.shape
            h = (w["embeddings.word_embeddings.weight"][ids_t]
                 + w["embeddings.position_embeddings.weight"][:length].unsqueeze(0)
                 + w["embeddings.token_type_embeddings.weight"][types_t])
            h = F.layer_norm(h, (self.dim,), w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"],
                             self._eps)
            attn_mask = mask_t[:, None, None, :]
            for layer in range(self._layers):
                p = f"encoder.layer.{layer}."

                def split(name: str, h=h, p=p):
                    x = F.linear(h, w[p + f"attention.self.{name}.weight"], w[p + f"attention.self.{name}.bias"])
                    return x.view(batch, length, self._heads, -1).transpose(1, 2)

                context = F.scaled_dot_product_attention(split("query"), split("key"), split("value"),
                                                         attn_mask=attn_mask)
                context = context.transpose(1, 2).reshape(batch, length, self.dim)
                attended = F.linear(context, w[p + "attention.output.dense.weight"],
                                    w[p + "attention.output.dense.bias"])
                h = F.layer_norm(attended + h, (self.dim,), w[p + "attention.output.LayerNorm.weight"],
                                 w[p + "attention.output.LayerNorm.bias"], self._eps)
                inner = F.gelu(F.linear(h, w[p + "intermediate.dense.weight"], w[p + "intermediate.dense.bias"]))
                out = F.linear(inner, w[p + "output.dense.weight"], w[p + "output.dense.bias"])
                h = F.layer_norm(out + h, (self.dim,), w[p + "output.LayerNorm.weight"],
                                 w[p + "output.LayerNorm.bias"], self._eps)
            weights = mask_t.unsqueeze(-1).to(h.dtype)
            pooled = (h * weights).sum(dim=1) / weights.sum(dim=1).clamp(min=1e-9)
            pooled = F.normalize(pooled, p=2, dim=1) if self._normalize else pooled
            return pooled.numpy()
