import { App } from 'antd';

/**
 * The callbacks of a mutation started from an admin page: a toast with `success` (when given)
 * once done, the server's message when refused.
 */
export function useActionFeedback() {
  const { message } = App.useApp();
  return (success?: string) => ({
    onSuccess: () => {
      if (success) void message.success(success);
    },
    onError: (error: Error) => void message.error(error.message),
  });
}
