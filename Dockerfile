# Image of the Blast Radius GitHub Action (action.yml: runs.using docker).
#
# It runs as root on purpose. GitHub starts Docker actions with the workspace
# (the checkout, owned by the runner's user) mounted at /github/workspace and
# with file-command files (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY) under /github;
# its documentation says Docker actions must run as the default user, since
# another user cannot write there. The action writes the JSON report and its
# cache into the workspace and its outputs into GITHUB_OUTPUT, so a USER
# instruction would break it.
FROM python:3.12-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore

# git reads the history of the checkout (diffs, merge base, index branch).
# Not pinned to a Debian version: bookworm's security updates replace git in
# place and the mirrors keep only the newest build, so a pinned version stops
# installing after the next update; the base image tag fixes the release.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends git \
    && rm -rf /var/lib/apt/lists/* \
    && git config --system --add safe.directory '*'

# Dependencies first, from the pins alone, so that this layer is reused until
# pyproject.toml or constraints.txt change: the runtime requirements are read
# from pyproject.toml and installed at the versions constraints.txt fixes.
COPY constraints.txt pyproject.toml /opt/blast-radius/
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('/opt/blast-radius/pyproject.toml', 'rb'))['project']['dependencies']))" > /tmp/requirements.txt \
    && pip install -c /opt/blast-radius/constraints.txt -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt

# Then the package itself, without touching the dependencies.
COPY README.md /opt/blast-radius/
COPY src/ /opt/blast-radius/src/
RUN pip install --no-deps /opt/blast-radius \
    && pip check \
    && rm -rf /opt/blast-radius/build /opt/blast-radius/src/*.egg-info

# Inputs come from the INPUT_* environment variables GitHub sets; no args.
ENTRYPOINT ["blast-radius", "action"]
