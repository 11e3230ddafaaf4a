/** The requests only the owner's lazily loaded panels make, on the chat's Api, so a first load carries none. */

export const modelKey = (api, key) => api.request("POST", ["model-key"], { key });

/** The owner's one-time phone code, with its QR code and the certificate's fingerprint. */
export const phone = (api) => api.request("POST", ["phone"]);

/** The staff the owner paired, each by its handle. */
export const staff = (api) => api.request("GET", ["staff"]);

export const revoke = (api, handle) => api.request("DELETE", ["staff", handle]);

/** Saves the owner's AI key: resolves to the backend's {in_use, kept_in}, or rejects with its ApiError. */
export async function saveModelKey(controller, key) {
  const saved = await modelKey(controller.api, key.trim());
  if (saved.in_use) controller.keyInUse();
  return saved;
}
