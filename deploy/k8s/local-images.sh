#!/bin/sh
# Builds the seven images for overlays/local and loads them into a laptop cluster's nodes, so that
# `kubectl apply -k deploy/k8s/overlays/local` starts them without any registry (the overlay's tag, `local`, is pulled
# from nowhere: imagePullPolicy IfNotPresent finds it on the node). Run from the repository's root:
#   sh deploy/k8s/local-images.sh kind        # kind: `kind load docker-image` (KIND_CLUSTER: its name, default kind)
#   sh deploy/k8s/local-images.sh minikube    # minikube: `minikube image load`
#   sh deploy/k8s/local-images.sh none        # build only (Docker Desktop's cluster sees the host's images)
# then `kubectl apply -k deploy/k8s/overlays/local`. One Dockerfile, one build argument per app (as skaffold.yaml and
# docker-compose.yml build them); the shared `npm ci` layer is built once.
set -eu
cluster=${1:?usage: local-images.sh kind|minikube|none}
# The tag overlays/local names (its kustomization.yaml, images:).
tag=local
case $cluster in
  kind | minikube | none) ;;
  *) echo "local-images.sh: unknown cluster '$cluster' (kind, minikube or none)" >&2; exit 2 ;;
esac
for app in gateway auth polls social notifications contact admin; do
  case $app in gateway) workspace=gateway ;; *) workspace=services/$app ;; esac
  docker build -f deploy/docker/Dockerfile --build-arg "WORKSPACE=$workspace" -t "meydan/$app:$tag" .
  case $cluster in
    kind) kind load docker-image --name "${KIND_CLUSTER:-kind}" "meydan/$app:$tag" ;;
    minikube) minikube image load "meydan/$app:$tag" ;;
    none) ;;
  esac
done
echo "images meydan/*:$tag ready: kubectl apply -k deploy/k8s/overlays/local"
